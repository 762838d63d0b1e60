/** What quick add reads from a line of text, and the character ranges it read it from. */
import type { Priority } from '../../../shared/priority';

/** A span of the text: `start` inclusive, `end` exclusive (as String.slice takes them). */
export interface TextRange {
  start: number;
  end: number;
}

export type QuickAddKind = 'date' | 'repeat' | 'priority' | 'project' | 'label';

/** A recognised part of the text, highlighted as the user types. */
export interface QuickAddPart extends TextRange {
  kind: QuickAddKind;
  text: string;
}

export interface QuickAddResult {
  /** The text without the recognised parts, trimmed, inner spaces collapsed ("" is not addable). */
  title: string;
  /** "YYYY-MM-DD" in the user's zone, or null. */
  dueDate: string | null;
  /** The instant a time of day names (ISO, UTC), or null when no time was given. */
  remindAt: string | null;
  /** An RRULE of the subset in src/shared/recurrence.ts, or null. */
  recurrence: string | null;
  /** 3 high (p1, !1) … 0 none (p4), or null when none was given. */
  priority: Priority | null;
  /** The first `#project` (without the #), or null. */
  project: string | null;
  /** Every distinct `@label` (without the @), in order (with `isLabel`: the user's labels only). */
  labels: string[];
  /** The recognised parts, in text order. */
  parts: QuickAddPart[];
}

export interface QuickAddOptions {
  /** The clock: "today", "tomorrow" and "5pm" count from it. */
  now?: Date;
  /** The IANA zone the text is read in (the browser's by default). */
  timeZone?: string;
  /** Ranges the user chose to keep as plain text: nothing is recognised in them. */
  keep?: readonly TextRange[];
  /** Whether dates and repeats are read (not on a backend without due dates). Default true. */
  dates?: boolean;
  /**
   * Whether `#project` and `@label` leave the title. They are always recognised; until the todo
   * can be given a project and labels they stay in the title, so nothing typed is lost.
   */
  applyTags?: boolean;
  /**
   * Whether a `#name` names one of the user's projects. Given, only such a `#name` is read (and
   * leaves the title, as the todo goes to that project); any other stays plain text.
   */
  isProject?: (name: string) => boolean;
  /** The same for `@name` and the user's labels: given, only a label's `@name` is read. */
  isLabel?: (name: string) => boolean;
}
