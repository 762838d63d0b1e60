/**
 * RRULE ↔ a todo's repeat, RELATED-TO;RELTYPE=PARENT ↔ its parent (by UID).
 *
 * A rule is the todo's repeat only when the app would apply it as the client means it: one RRULE
 * inside the app's subset (src/shared/recurrence.ts), on a VTODO with a DUE (a series is anchored
 * at its due date), without RDATE, EXDATE or overridden instances (RECURRENCE-ID), which the app
 * does not model. Any other rule is no repeat of the app's; the calendar a client sent is kept
 * whole (vtodo.ts), so that rule goes back to it unchanged, never dropped.
 */
import ICAL from 'ical.js';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { recurrenceField } from '../../shared/recurrence';
import type { Database } from '../db/types';
import { memberByUid, type DavMember } from './store';

/** The parts of a rule, in a fixed order: two spellings of one rule compare equal. */
const canonical = (rule: string) => rule.toUpperCase().split(';').sort().join(';');

export const sameRule = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && canonical(a) === canonical(b));

/** The VTODO's rule as the app's repeat, or null when it has none the app would apply as sent. */
export function repeatOf(calendar: ICAL.Component, vtodo: ICAL.Component): string | null {
  const rules = vtodo.getAllProperties('rrule');
  if (rules.length !== 1 || !vtodo.hasProperty('due')) return null;
  if (vtodo.hasProperty('rdate') || vtodo.hasProperty('exdate')) return null;
  if (calendar.getAllSubcomponents('vtodo').some((todo) => todo.hasProperty('recurrence-id')))
    return null;
  const value = rules[0]!.getFirstValue();
  const parsed = v.safeParse(recurrenceField, value?.toString() ?? '');
  return parsed.success ? parsed.output : null;
}

/**
 * The rule as written for one occurrence of a series. The app's COUNT counts from the series'
 * first occurrence, but each occurrence is its own todo, its RRULE starting at its own due date:
 * the `position`-th (the first is 1) counts what is left, itself included, so a client ends the
 * series where the app does (the calendar feed's ruleFrom counts its open occurrence the same way).
 */
export function occurrenceRule(rule: string | null, position: number | null): string | null {
  if (rule === null || position === null || position <= 1) return rule;
  return rule.replace(
    /(^|;)COUNT=(\d+)/i,
    (_match, lead: string, count: string) =>
      `${lead}COUNT=${Math.max(1, Number(count) - position + 1)}`,
  );
}

/**
 * Writes the app's repeat as the RRULE, anchored at the due date (DTSTART, of DUE's type), or
 * removes the rule when the todo has none.
 */
export function writeRepeat(vtodo: ICAL.Component, rule: string | null, due: string | null) {
  vtodo.removeAllProperties('rrule');
  if (rule === null || due === null) return;
  vtodo.addPropertyWithValue('rrule', ICAL.Recur.fromString(rule));
  vtodo.removeAllProperties('dtstart');
  vtodo.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(due));
}

/** RELATED-TO with RELTYPE=PARENT, its default (RFC 5545 §3.2.15). */
const parentLinks = (vtodo: ICAL.Component) =>
  vtodo
    .getAllProperties('related-to')
    .filter(
      (property) => String(property.getParameter('reltype') ?? 'PARENT').toUpperCase() === 'PARENT',
    );

/** The UID of the VTODO's parent, or null for a root. */
export function parentUidOf(vtodo: ICAL.Component): string | null {
  const uid = parentLinks(vtodo)[0]?.getFirstValue();
  return uid === undefined || uid === null || String(uid).trim() === '' ? null : String(uid).trim();
}

/** Writes the parent's UID (other relations stay as they are). */
export function writeParent(vtodo: ICAL.Component, uid: string | null) {
  for (const property of parentLinks(vtodo)) vtodo.removeProperty(property);
  if (uid !== null) vtodo.addPropertyWithValue('related-to', uid);
}

/**
 * The parent a PUT names, as the todo repository takes it (`parent` undefined: as it is), and the
 * UID it waits for (`pending`). A UID that is none of the owner's live todos in this calendar (not
 * sent yet, gone, another calendar's, another user's: all alike) makes the todo a root that waits
 * for it, rather than a refusal: a client sending a child before its parent loses nothing. Cycles
 * and depth are the repository's rules.
 */
export async function parentIdFor(
  db: Kysely<Database>,
  ownerId: number,
  uid: string | null,
  host: string,
  existing: DavMember | undefined,
  collection: number,
): Promise<{ parent: number | null | undefined; pending: string | null }> {
  const found = uid === null ? undefined : await memberByUid(db, ownerId, uid, host);
  const parent = found && (found.project_id ?? 0) === collection ? found : undefined;
  const id = parent ? parent.id : null;
  return {
    parent: existing && id === existing.parent_id ? undefined : id,
    pending: uid !== null && !parent ? uid : null,
  };
}
