/**
 * A series' dates, from rrule (never hand-written date arithmetic). The rule was accepted by the
 * shared grammar (src/shared/recurrence.ts) before it got here.
 */
import { RRule, type Options } from 'rrule';

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
