/**
 * The RRULE subset a todo may repeat by: FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with optional INTERVAL,
 * BYDAY (weekly), and COUNT or UNTIL, checked part by part so every refusal says why. rrule is not
 * imported here: this module is in the login page's bundle (through schemas.ts), and rrule would
 * add its whole code to it. The server reads accepted rules with rrule (src/server/todos/rule-dates.ts),
 * and a test checks that rrule reads every accepted rule as this grammar does.
 */
import * as v from 'valibot';
import { FIRST_DATE, isCalendarDate, isDateInRange, LAST_DATE } from './dates';

const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
export const RECURRENCE_MAX_LENGTH = 200;
export const RECURRENCE_MESSAGE =
  'recurrence must be FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, with optional INTERVAL, BYDAY (weekly), and COUNT or UNTIL';

/** Why a rule (upper case) is outside the subset, or undefined when it is inside. */
export function recurrenceProblem(rule: string): string | undefined {
  if (rule.length > RECURRENCE_MAX_LENGTH) return RECURRENCE_MESSAGE;
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,]+)$/.exec(part);
    if (!match || parts.has(match[1]!)) return RECURRENCE_MESSAGE;
    parts.set(match[1]!, match[2]!);
  }
  const [freq, interval, byday, count, until] = ['FREQ', 'INTERVAL', 'BYDAY', 'COUNT', 'UNTIL'].map(
    (key) => parts.get(key),
  );
  if (
    [...parts.keys()].some((key) => !['FREQ', 'INTERVAL', 'BYDAY', 'COUNT', 'UNTIL'].includes(key))
  )
    return RECURRENCE_MESSAGE;
  if (!freq || !FREQS.includes(freq)) return RECURRENCE_MESSAGE;
  if (interval !== undefined && !/^[1-9]\d{0,2}$/.test(interval))
    return 'recurrence INTERVAL must be a whole number from 1 to 999';
  if (byday !== undefined) {
    const days = byday.split(',');
    if (freq !== 'WEEKLY') return 'recurrence BYDAY is only for FREQ=WEEKLY';
    if (!days.every((day) => DAYS.includes(day)) || new Set(days).size !== days.length)
      return 'recurrence BYDAY must list days such as MO,WE,FR';
  }
  if (count !== undefined && until !== undefined)
    return 'recurrence takes COUNT or UNTIL, not both';
  if (count !== undefined && !/^[1-9]\d{0,2}$/.test(count))
    return 'recurrence COUNT must be a whole number from 1 to 999';
  if (until !== undefined) {
    const date = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z)?$/.exec(until);
    const day = date && `${date[1]}-${date[2]}-${date[3]}`;
    if (!day || !isCalendarDate(day)) return 'recurrence UNTIL must be a date such as 20261231';
    if (!isDateInRange(day))
      return `recurrence UNTIL must be a date from ${FIRST_DATE.replaceAll('-', '')} to ${LAST_DATE.replaceAll('-', '')}`;
  }
  return undefined;
}

/** A recurrence, upper-cased (RFC 5545 names are case-insensitive), or null for none. */
export const recurrenceField = v.nullable(
  v.pipe(
    v.string(RECURRENCE_MESSAGE),
    v.transform((text) => text.trim().toUpperCase()),
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = dataset.typed ? recurrenceProblem(dataset.value) : undefined;
      if (problem) addIssue({ message: problem });
    }),
  ),
);
