/**
 * Dates and times in the text, read by chrono-node's English parser ("tomorrow 5pm", "next fri",
 * "in 3 days", "on 12 March", "tonight"), minus its readings that would guess: a month alone
 * ("March madness"), a bare hour ("at 5": morning or evening?), numeric dates such as 1/2 (month
 * first or day first?), and words that are dates only sometimes ("sun", "sat", "now", "morning").
 * A time already past today means tomorrow (chrono's forwardDate), as does a weekday or a month
 * already past this week or year.
 *
 * chrono counts on the process's clock; it is given a reference whose local wall time is the
 * user's (in the browser the process's zone is the user's), and what it reads is taken as a wall
 * time in the user's zone: zonedTime.ts turns it into an instant.
 */
import { casual, type ParsedResult } from 'chrono-node/en';
import { isDateInRange } from '../../../shared/dates';
import type { TextRange } from './quickAddTypes';
import { dateOf, type WallTime } from './zonedTime';

export interface DateMatch extends TextRange {
  /** The day it names ("YYYY-MM-DD"); a time alone names today, or tomorrow once it has passed. */
  date: string;
  /** Whether a day was given (not only a time of day). */
  dayGiven: boolean;
  /** The time of day, when one was given. */
  time?: Pick<WallTime, 'hour' | 'minute' | 'second'>;
}

const GUESSES = /^(?:now|morning|afternoon|evening|night|sun|sat|wed|mar|may|jan|june?|second)$/i;
const NUMERIC_DATE = /\d\s*[/.]\s*\d/;
const MINUTES = /\d[:.]\d\d|noon|midnight/i;
const LEAD_IN = /(?:^|\s)(due(?:\s+(?:on|by))?|by)\s+$/i;

function acceptable(result: ParsedResult): boolean {
  const { start } = result;
  if (GUESSES.test(result.text.trim()) || NUMERIC_DATE.test(result.text)) return false;
  const day = start.isCertain('day') || start.isCertain('weekday');
  const hour = start.isCertain('hour');
  if (!day && !hour && (start.isCertain('month') || start.isCertain('year'))) return false;
  // "at 5" is a guess (morning or evening?); "at 5pm", "at 17" and "at 5:30" are not.
  if (
    hour &&
    !start.isCertain('meridiem') &&
    !MINUTES.test(result.text) &&
    start.get('hour')! <= 12
  )
    return false;
  return true;
}

/** The first date or time in `text` read without guessing, counted from `now` (a wall time). */
export function findDate(text: string, now: WallTime): DateMatch | undefined {
  const reference = new Date(now.year, now.month - 1, now.day, now.hour, now.minute, now.second);
  const results = casual.parse(text, reference, { forwardDate: true });
  const result = results.find(acceptable);
  if (!result) return undefined;
  const { start } = result;
  const get = (component: Parameters<typeof start.get>[0]) => start.get(component) ?? 0;
  const date = dateOf({ year: get('year'), month: get('month'), day: get('day') });
  if (!isDateInRange(date)) return undefined;
  // "by friday", "due on 12 March": the lead-in word goes with the date.
  const lead = LEAD_IN.exec(text.slice(0, result.index));
  const startAt = lead ? lead.index + lead[0].length - lead[0].trimStart().length : result.index;
  return {
    start: startAt,
    end: result.index + result.text.length,
    date,
    dayGiven: start.isCertain('day') || start.isCertain('weekday'),
    ...(start.isCertain('hour')
      ? { time: { hour: get('hour'), minute: get('minute'), second: get('second') } }
      : {}),
  };
}
