/**
 * The RRULE subset a todo may repeat by: FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with optional INTERVAL,
 * BYDAY (weekly), and COUNT or UNTIL. Checked part by part here (so every refusal says why), then
 * by rrule itself; dates of a series come from rrule, never from hand-written arithmetic.
 */
import * as v from 'valibot';
import { RRule, type Options } from 'rrule';
import { isCalendarDate } from './dates';

const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
export const RECURRENCE_MAX_LENGTH = 200;
export const RECURRENCE_MESSAGE = 'recurrence must be FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, with optional INTERVAL, BYDAY (weekly), and COUNT or UNTIL';

/** Why a rule (upper case) is outside the subset, or undefined when it is inside. */
export function recurrenceProblem(rule: string): string | undefined {
  if (rule.length > RECURRENCE_MAX_LENGTH) return RECURRENCE_MESSAGE;
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,]+)$/.exec(part);
    if (!match || parts.has(match[1]!)) return RECURRENCE_MESSAGE;
    parts.set(match[1]!, match[2]!);
  }
  const [freq, interval, byday, count, until] = ['FREQ', 'INTERVAL', 'BYDAY', 'COUNT', 'UNTIL'].map((key) => parts.get(key));
  if ([...parts.keys()].some((key) => !['FREQ', 'INTERVAL', 'BYDAY', 'COUNT', 'UNTIL'].includes(key))) return RECURRENCE_MESSAGE;
  if (!freq || !FREQS.includes(freq)) return RECURRENCE_MESSAGE;
  if (interval !== undefined && !/^[1-9]\d{0,2}$/.test(interval)) return 'recurrence INTERVAL must be a whole number from 1 to 999';
  if (byday !== undefined) {
    const days = byday.split(',');
    if (freq !== 'WEEKLY') return 'recurrence BYDAY is only for FREQ=WEEKLY';
    if (!days.every((day) => DAYS.includes(day)) || new Set(days).size !== days.length) return 'recurrence BYDAY must list days such as MO,WE,FR';
  }
  if (count !== undefined && until !== undefined) return 'recurrence takes COUNT or UNTIL, not both';
  if (count !== undefined && !/^[1-9]\d{0,2}$/.test(count)) return 'recurrence COUNT must be a whole number from 1 to 999';
  if (until !== undefined) {
    const date = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z)?$/.exec(until);
    if (!date || !isCalendarDate(`${date[1]}-${date[2]}-${date[3]}`)) return 'recurrence UNTIL must be a date such as 20261231';
  }
  try {
    RRule.parseString(rule);
  } catch {
    return RECURRENCE_MESSAGE;
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

const toDate = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * rrule's options for a series anchored at `anchor` (its DTSTART), COUNT left out: the series counts
 * the occurrences it made instead. rrule skips months (and Feb 29 in years) that lack the anchor's
 * day; a day past the 28th is asked for as "that day or the month's last, whichever comes first"
 * (BYMONTHDAY=d,-1 with BYSETPOS=1), so Jan 31 monthly falls on Feb 28, then Mar 31.
 */
function ruleOptions(rule: string, anchor: string): Partial<Options> {
  const { count: _count, ...parsed } = RRule.parseString(rule);
  const start = toDate(anchor);
  const options: Partial<Options> = { ...parsed, dtstart: start };
  const day = start.getUTCDate();
  if ((parsed.freq === RRule.MONTHLY || parsed.freq === RRule.YEARLY) && day > 28) {
    Object.assign(options, { bymonthday: [day, -1], bysetpos: 1 }, parsed.freq === RRule.YEARLY && { bymonth: start.getUTCMonth() + 1 });
  }
  return options;
}

/**
 * The series' date after `after` ('YYYY-MM-DD'), or null when the rule has ended: past UNTIL, or
 * COUNT reached by the `made` occurrences so far.
 */
export function nextOccurrence(rule: string, anchor: string, after: string, made: number): string | null {
  const count = RRule.parseString(rule).count;
  if (count != null && made >= count) return null;
  const next = new RRule(ruleOptions(rule, anchor)).after(toDate(after), false);
  return next ? next.toISOString().slice(0, 10) : null;
}
