/**
 * @jest-environment node
 *
 * A series' next date comes from rrule, with month ends clamped (Jan 31 monthly → Feb 28 → Mar 31).
 * It is searched from the occurrence, not the anchor: a few dates of rrule's work 300 years on, and none past 2200-12-31.
 */
import { followingDate, nextOccurrence } from '../../../src/server/todos/rule-dates';
import { datesProduced } from '../support/rrule-work';

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
    expect(dates('FREQ=MONTHLY', '2027-01-31', 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(dates('FREQ=MONTHLY;INTERVAL=2', '2026-12-30', 3)).toEqual([
      '2026-12-30',
      '2027-02-28',
      '2027-04-30',
    ]);
    expect(dates('FREQ=YEARLY', '2028-02-29', 3)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ]);
    expect(dates('FREQ=MONTHLY', '2027-01-15', 3)).toEqual([
      '2027-01-15',
      '2027-02-15',
      '2027-03-15',
    ]);
  });
  it('follows weekly days and stops at COUNT and UNTIL', () => {
    expect(dates('FREQ=WEEKLY;BYDAY=MO,FR', '2026-12-07', 4)).toEqual([
      '2026-12-07',
      '2026-12-11',
      '2026-12-14',
      '2026-12-18',
    ]);
    expect(dates('FREQ=DAILY;COUNT=3', '2026-12-07', 10)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
    ]);
    expect(dates('FREQ=DAILY;UNTIL=20261209', '2026-12-07', 10)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
    ]);
  });
  it('goes on from a moved occurrence to the rule’s next date after it', () => {
    expect(nextOccurrence('FREQ=WEEKLY', '2026-12-07', '2026-12-16', 2)).toBe('2026-12-21');
  });

  it.each([
    ['FREQ=DAILY', '1900-01-01', '2200-06-15', '2200-06-16'],
    ['FREQ=DAILY;INTERVAL=7', '1900-01-03', '2200-06-15', '2200-06-18'],
    ['FREQ=WEEKLY', '1900-01-03', '2200-06-15', '2200-06-18'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', '1900-01-01', '2200-06-15', '2200-06-23'],
    ['FREQ=MONTHLY', '1900-01-31', '2200-02-10', '2200-02-28'],
    ['FREQ=MONTHLY;INTERVAL=5', '1900-01-15', '2200-06-15', '2200-11-15'],
    ['FREQ=YEARLY', '1904-02-29', '2200-01-01', '2200-02-28'],
    ['FREQ=YEARLY;INTERVAL=4', '1904-02-29', '2199-03-01', '2200-02-28'],
  ])(
    'finds the date after an occurrence 300 years past the anchor (%s from %s) from the occurrence, not the anchor',
    async (rule, anchor, after, next) => {
      let found: string | null = null;
      const produced = await datesProduced(() => (found = nextOccurrence(rule, anchor, after, 2)));
      expect(found).toBe(next);
      // A period or two of the rule, not the ~110,000 days since the anchor.
      expect(produced).toBeLessThanOrEqual(20);
    },
  );
  it('ends a series whose next date would be past 2200-12-31, saying so, even from an anchor in year 1 and an occurrence in 9999', async () => {
    expect(followingDate('FREQ=DAILY', '1900-01-01', '2200-12-30', 2)).toEqual({
      date: '2200-12-31',
    });
    expect(followingDate('FREQ=DAILY', '1900-01-01', '2200-12-31', 2)).toEqual({
      date: null,
      pastLastDate: true,
    });
    expect(followingDate('FREQ=WEEKLY;INTERVAL=999', '1900-01-01', '2199-01-01', 2)).toEqual({
      date: null,
      pastLastDate: true,
    });
    let far: unknown;
    expect(
      await datesProduced(() => (far = followingDate('FREQ=DAILY', '0001-01-01', '9999-12-30', 2))),
    ).toBeLessThanOrEqual(20);
    expect(far).toEqual({ date: null, pastLastDate: true });
    // The rule's own end is not the range's.
    expect(followingDate('FREQ=DAILY;UNTIL=21001231', '1900-01-01', '2150-01-01', 2)).toEqual({
      date: null,
      pastLastDate: false,
    });
    expect(followingDate('FREQ=DAILY;COUNT=2', '1900-01-01', '1900-01-02', 2)).toEqual({
      date: null,
      pastLastDate: false,
    });
  });
});
