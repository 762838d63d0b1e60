/**
 * @jest-environment node
 *
 * A series' next date comes from rrule, with month ends clamped (Jan 31 monthly → Feb 28 → Mar 31).
 */
import { nextOccurrence } from '../../../src/server/todos/rule-dates';

describe('the next date of a series', () => {
  const dates = (rule: string, anchor: string, count: number) => {
    const out = [anchor];
    while (out.length < count) {
      const next = nextOccurrence(rule, anchor, out[out.length - 1]!, out.length);
      if (!next) break;
      out.push(next);
    }
    return out;
  };
  it('clamps monthly and yearly series to the month end, and comes back', () => {
    expect(dates('FREQ=MONTHLY', '2027-01-31', 5)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(dates('FREQ=MONTHLY;INTERVAL=2', '2026-12-30', 3)).toEqual(['2026-12-30', '2027-02-28', '2027-04-30']);
    expect(dates('FREQ=YEARLY', '2028-02-29', 3)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
    expect(dates('FREQ=MONTHLY', '2027-01-15', 3)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15']);
  });
  it('follows weekly days and stops at COUNT and UNTIL', () => {
    expect(dates('FREQ=WEEKLY;BYDAY=MO,FR', '2026-12-07', 4)).toEqual(['2026-12-07', '2026-12-11', '2026-12-14', '2026-12-18']);
    expect(dates('FREQ=DAILY;COUNT=3', '2026-12-07', 10)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
    expect(dates('FREQ=DAILY;UNTIL=20261209', '2026-12-07', 10)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
  });
  it('goes on from a moved occurrence to the rule’s next date after it', () => {
    expect(nextOccurrence('FREQ=WEEKLY', '2026-12-07', '2026-12-16', 2)).toBe('2026-12-21');
  });
});
