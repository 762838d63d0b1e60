/**
 * "every …" phrases, read into the recurrence subset the API takes (src/shared/recurrence.ts):
 * FREQ=DAILY|WEEKLY|MONTHLY|YEARLY, INTERVAL and BYDAY (weekly). There is no BYMONTHDAY: a series
 * repeats from its due date, so "every month on the 1st" is FREQ=MONTHLY due on the next 1st.
 * An "every" phrase this cannot say exactly ("every 2nd tuesday", "every morning") is not read at
 * all, and its words are kept from the date parser too, so it stays in the title whole.
 */
import type { TextRange } from './quickAddTypes';
import { addDays, daysInMonth, partsOf, weekdayOf } from './zonedTime';

export type Freq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

export interface Repeat {
  freq: Freq;
  interval: number;
  /** RRULE weekday codes, Monday first; weekly only. */
  byDay: string[];
  /** The day of the month a monthly series falls on (its first due date's). */
  monthDay?: number;
}

export interface RepeatMatch extends TextRange {
  repeat: Repeat;
}

const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY_WORDS: Record<string, string> = {
  monday: 'MO', mon: 'MO', tuesday: 'TU', tues: 'TU', tue: 'TU', wednesday: 'WE', wed: 'WE',
  thursday: 'TH', thurs: 'TH', thur: 'TH', thu: 'TH', friday: 'FR', fri: 'FR',
  saturday: 'SA', sat: 'SA', sunday: 'SU', sun: 'SU',
}; // prettier-ignore
const UNITS: Record<string, Freq> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};

const DAY = `(?:${Object.keys(DAY_WORDS).join('|')})`;
const DAY_LIST = `${DAY}(?:\\s*(?:,\\s*(?:and\\s+)?|and\\s+|&\\s*)${DAY})*`;
const ORDINAL = String.raw`(\d{1,2})(?:st|nd|rd|th)`;
const PHRASE = new RegExp(
  String.raw`\bevery\s+(?:` +
    String.raw`(weekdays?|workdays?|week\s?days?)|(weekends?)` +
    String.raw`|(?:(other|\d{1,3})\s+)?(day|week|month|year)s?(?:\s+on\s+(${DAY_LIST})|\s+on\s+(?:the\s+)?${ORDINAL})?` +
    String.raw`|(other\s+)?(${DAY_LIST})` +
    String.raw`|(?:the\s+)?${ORDINAL.replace('(', '(?<ord>')}(?:\s+of\s+(?:the|every)\s+month)?` +
    String.raw`)(?=$|[\s,.;:!?)])`,
  'iy',
);
/** Words that go on a repeat phrase: after one read, they mean the phrase was more than it says. */
const PHRASE_WORD = new RegExp(
  String.raw`^(?:${DAY}s?|days?|weeks?|months?|years?|hours?|minutes?|weekdays?|weekends?|of|and|other|last|first|second|third|fourth|fifth|the|on|every|morning|afternoon|evening|night|\d+(?:st|nd|rd|th)?|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)$`,
  'i',
);

const dayCodes = (list: string) =>
  [
    ...new Set(
      list
        .toLowerCase()
        .match(new RegExp(DAY, 'g'))!
        .map((word) => DAY_WORDS[word]!),
    ),
  ].sort((a, b) => ((CODES.indexOf(a) + 6) % 7) - ((CODES.indexOf(b) + 6) % 7));

const validDay = (text: string | undefined) =>
  text === undefined || (Number(text) >= 1 && Number(text) <= 31);

function repeatOf(match: RegExpExecArray): Repeat | undefined {
  const [, weekday, weekend, count, unit, onDays, unitDay, other, days] = match;
  const ordinal = match.groups?.ord;
  if (weekday) return { freq: 'WEEKLY', interval: 1, byDay: ['MO', 'TU', 'WE', 'TH', 'FR'] };
  if (weekend) return { freq: 'WEEKLY', interval: 1, byDay: ['SA', 'SU'] };
  if (days) return { freq: 'WEEKLY', interval: other ? 2 : 1, byDay: dayCodes(days) };
  if (ordinal) return validDay(ordinal) ? { freq: 'MONTHLY', interval: 1, byDay: [], monthDay: Number(ordinal) } : undefined; // prettier-ignore
  const freq = UNITS[unit!.toLowerCase()]!;
  const interval = count === undefined ? 1 : /other/i.test(count) ? 2 : Number(count);
  if (interval < 1 || interval > 999) return undefined;
  if (onDays && freq !== 'WEEKLY') return undefined;
  if (unitDay && (freq !== 'MONTHLY' || !validDay(unitDay))) return undefined;
  return {
    freq,
    interval,
    byDay: onDays ? dayCodes(onDays) : [],
    ...(unitDay ? { monthDay: Number(unitDay) } : {}),
  };
}

/** The end of the run of repeat-like words from `start` (the words an unread phrase keeps). */
function phraseEnd(text: string, start: number): number {
  const word = /\s*([^\s,.;:!?]+)/y;
  let end = start + 'every'.length;
  word.lastIndex = end;
  for (let match = word.exec(text); match && PHRASE_WORD.test(match[1]!); match = word.exec(text))
    end = word.lastIndex;
  return end;
}

/**
 * The first "every …" phrase read in full, and the spans of those that could not be (to keep as
 * text). A phrase read is followed by something else than more repeat words.
 */
export function findRepeat(text: string): { match?: RepeatMatch; unread: TextRange[] } {
  const unread: TextRange[] = [];
  for (const every of text.matchAll(/\bevery\b/gi)) {
    PHRASE.lastIndex = every.index;
    const phrase = PHRASE.exec(text);
    const repeat = phrase && repeatOf(phrase);
    const end = phrase ? every.index + phrase[0].length : every.index;
    // "on" and "the" lead to a date ("every year on 12 March"); a number may be a time ("9:30").
    const next = /^\s*([^\s,.;!?]+)/.exec(text.slice(end))?.[1];
    if (repeat && !(next && PHRASE_WORD.test(next) && !/^(?:the|on|\d+)$/i.test(next)))
      return { match: { start: every.index, end, repeat }, unread };
    unread.push({ start: every.index, end: phraseEnd(text, every.index) });
  }
  return { unread };
}

/** The RRULE of a repeat. */
export function ruleOf({ freq, interval, byDay }: Repeat): string {
  return [
    `FREQ=${freq}`,
    ...(interval > 1 ? [`INTERVAL=${interval}`] : []),
    ...(byDay.length ? [`BYDAY=${byDay.join(',')}`] : []),
  ].join(';');
}

/** The first day on or after `from` the repeat falls on (its weekdays, its day of the month). */
export function firstDate(repeat: Repeat, from: string): string {
  let date = from;
  for (let step = 0; step < 400; step += 1, date = addDays(date, 1)) {
    if (repeat.byDay.length && !repeat.byDay.includes(CODES[weekdayOf(date)]!)) continue;
    if (repeat.monthDay !== undefined) {
      const { year, month, day } = partsOf(date);
      if (day !== repeat.monthDay || day > daysInMonth(year, month)) continue;
    }
    return date;
  }
  return from;
}

/** The occurrence after `date` (when the time given has passed today): the next day it falls on. */
export function nextDate(repeat: Repeat, date: string): string {
  if (repeat.byDay.length || repeat.monthDay !== undefined)
    return firstDate(repeat, addDays(date, 1));
  const { year, month, day } = partsOf(date);
  const step = repeat.interval;
  const next = {
    DAILY: () => new Date(Date.UTC(year, month - 1, day + step)),
    WEEKLY: () => new Date(Date.UTC(year, month - 1, day + 7 * step)),
    MONTHLY: () => new Date(Date.UTC(year, month - 1 + step, Math.min(day, daysInMonth(year, month + step)))), // prettier-ignore
    YEARLY: () => new Date(Date.UTC(year + step, month - 1, Math.min(day, daysInMonth(year + step, month)))), // prettier-ignore
  }[repeat.freq]();
  return next.toISOString().slice(0, 10);
}
