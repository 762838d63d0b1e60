/**
 * A series' dates, from rrule (never hand-written date arithmetic for the rule itself). The rule was
 * accepted by the shared grammar (src/shared/recurrence.ts) before it got here.
 */
import { RRule, type Frequency, type Options } from 'rrule';
import { LAST_DATE } from '../../shared/dates';

const DAY_MS = 86_400_000;
const toDate = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * rrule's options for a series anchored at `anchor` (its DTSTART), searched from `start`, COUNT left
 * out: the series counts the occurrences it made instead. rrule skips months (and Feb 29 in years)
 * that lack the anchor's day; a day past the 28th is asked for as "that day or the month's last,
 * whichever comes first" (BYMONTHDAY=d,-1 with BYSETPOS=1), so Jan 31 monthly falls on Feb 28, then
 * Mar 31. The search ends at LAST_DATE whatever the rule's UNTIL: no todo is due later.
 */
function ruleOptions(rule: string, anchor: Date, start: Date): Partial<Options> {
  const { count: _count, until, ...parsed } = RRule.parseString(rule);
  const last = toDate(LAST_DATE);
  const options: Partial<Options> = {
    ...parsed,
    dtstart: start,
    until: until && until < last ? until : last,
  };
  const day = anchor.getUTCDate();
  if ((parsed.freq === RRule.MONTHLY || parsed.freq === RRule.YEARLY) && day > 28) {
    Object.assign(
      options,
      { bymonthday: [day, -1], bysetpos: 1 },
      parsed.freq === RRule.YEARLY && { bymonth: anchor.getUTCMonth() + 1 },
    );
  }
  return options;
}

/** The date `months` months after `date`'s month, on `day` or that month's last day, whichever comes first. */
function monthsLater(date: Date, months: number, day: number): Date {
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + months + 1, 0);
  return new Date(
    lastDay.getTime() - (lastDay.getUTCDate() - Math.min(day, lastDay.getUTCDate())) * DAY_MS,
  );
}

/**
 * Where to search from for the dates after `after`: the latest date at or before it that is a whole
 * number of the rule's periods after the anchor (n days, 7n days, n months or 12n months, the anchor's
 * day kept or clamped as the rule clamps it). The rule falls on the same dates after it as when
 * searched from the anchor, and rrule walks one or two periods instead of every one since the anchor.
 */
function searchStart(freq: Frequency, interval: number, anchor: Date, after: Date): Date {
  if (after <= anchor) return anchor;
  if (freq === RRule.DAILY || freq === RRule.WEEKLY) {
    const step = (freq === RRule.WEEKLY ? 7 : 1) * interval * DAY_MS;
    return new Date(
      anchor.getTime() + Math.floor((after.getTime() - anchor.getTime()) / step) * step,
    );
  }
  const step = (freq === RRule.YEARLY ? 12 : 1) * interval;
  const months =
    (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    after.getUTCMonth() -
    anchor.getUTCMonth();
  const periods = Math.floor(months / step);
  const start = monthsLater(anchor, periods * step, anchor.getUTCDate());
  // In after's own month the period may start later than after; the one before does not.
  return start <= after ? start : monthsLater(anchor, (periods - 1) * step, anchor.getUTCDate());
}

/** A series' next date, or why it has none: its rule ended (COUNT, UNTIL) or the next date would be past LAST_DATE. */
type Following = { date: string } | { date: null; pastLastDate: boolean };

/** The series' date after `after` ('YYYY-MM-DD'), `made` occurrences made so far; see Following. */
export function followingDate(
  rule: string,
  anchor: string,
  after: string,
  made: number,
): Following {
  const { count, until, freq, interval = 1 } = RRule.parseString(rule);
  const ruleEnd = { date: null, pastLastDate: false } as const;
  if (count != null && made >= count) return ruleEnd;
  const start = toDate(anchor);
  const from = toDate(after);
  const next = new RRule(ruleOptions(rule, start, searchStart(freq!, interval, start, from))).after(
    from,
    false,
  );
  if (next) return { date: next.toISOString().slice(0, 10) };
  return until && until <= toDate(LAST_DATE) ? ruleEnd : { date: null, pastLastDate: true };
}

/**
 * The series' date after `after` ('YYYY-MM-DD'), or null when the series has ended: past UNTIL,
 * COUNT reached by the `made` occurrences so far, or no date left up to LAST_DATE.
 */
export function nextOccurrence(
  rule: string,
  anchor: string,
  after: string,
  made: number,
): string | null {
  return followingDate(rule, anchor, after, made).date;
}

/**
 * The rule's first date on or after `date`: a weekly BYDAY rule need not fall on the day a todo was
 * given, and RFC 5545 (3.8.5.3) wants DTSTART to be the first occurrence. `date` when it is one, or
 * when the rule has none left.
 */
export function firstOccurrence(rule: string, date: string): string {
  const { count: _count, until, ...parsed } = RRule.parseString(rule);
  if (!parsed.byweekday) return date;
  const start = toDate(date);
  const last = toDate(LAST_DATE);
  const first = new RRule({
    ...parsed,
    dtstart: start,
    until: until && until < last ? until : last,
  }).after(start, true);
  return first ? first.toISOString().slice(0, 10) : date;
}
