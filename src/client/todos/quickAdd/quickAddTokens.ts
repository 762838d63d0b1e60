/**
 * The single-word parts of quick add: `p1`–`p4` and `!1`–`!3` (priority), `#project` and `@label`,
 * and the spans nothing is read in: web addresses and e-mail addresses (a `#` or `@` inside a word,
 * as in `bob@example.com` or `page#anchor`, names no project or label).
 */
import type { Priority } from '../../../shared/priority';
import type { TextRange } from './quickAddTypes';

/** A word starts the text or follows a space; it ends at a space, the end or a closing mark. */
const AFTER = String.raw`(?=$|[\s,.;:!?)])`;
const BEFORE = String.raw`(?<=^|\s)`;

const PRIORITY = new RegExp(`${BEFORE}(?:[pP]([1-4])|!([1-3]))${AFTER}`, 'g');
// A name holds letters, digits, _ and -, and at least one letter: "#123" is an issue number.
const TAG = new RegExp(
  String.raw`${BEFORE}([#@])([\p{L}\p{N}_-]*\p{L}[\p{L}\p{N}_-]*)${AFTER}`,
  'gu',
);
const ADDRESS = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.)\S+|\S+@\S+\.\S+|\S+#\S*/giu;

export interface Token extends TextRange {
  text: string;
}

export interface PriorityToken extends Token {
  priority: Priority;
}

export interface TagToken extends Token {
  sign: '#' | '@';
  name: string;
}

/** p1 is the highest (3) and p4 none (0); !1 is p1, !3 is p3. */
const priorityOf = (p: string | undefined, bang: string | undefined): Priority =>
  (4 - Number(p ?? bang)) as Priority;

export function findPriorities(text: string): PriorityToken[] {
  return [...text.matchAll(PRIORITY)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
    priority: priorityOf(match[1], match[2]),
  }));
}

export function findTags(text: string): TagToken[] {
  return [...text.matchAll(TAG)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
    sign: match[1] as '#' | '@',
    name: match[2]!,
  }));
}

/** Web and e-mail addresses, and words with a # inside: read as text only. */
export function findAddresses(text: string): TextRange[] {
  return [...text.matchAll(ADDRESS)]
    .filter((match) => !/^[#@]/.test(match[0])) // "#home" and "@work" are a project and a label
    .map((match) => ({ start: match.index, end: match.index + match[0].length }));
}
