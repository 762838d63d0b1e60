/**
 * The date rules the SPA and the server share (issue 28): real calendar dates, instants with an
 * offset, the RRULE subset, and a series' next date from rrule with month ends clamped.
 */
import * as v from 'valibot';
import { isCalendarDate, isInstant, remindAtField } from '../../src/shared/dates';
import { nextOccurrence, recurrenceField, recurrenceProblem } from '../../src/shared/recurrence';

describe('calendar dates and instants', () => {
  it.each(['2026-12-05', '2028-02-29', '0001-01-01'])('accepts %s', (text) => expect(isCalendarDate(text)).toBe(true));
  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-5', '20261205', ' 2026-12-05', 'tomorrow'])('refuses %s', (text) =>
    expect(isCalendarDate(text)).toBe(false),
  );
  it.each(['2026-12-05T07:30Z', '2026-12-05T07:30:00.123456+05:30', '2026-12-05t07:30:00z'])('accepts the instant %s', (text) => expect(isInstant(text)).toBe(true));
  it.each(['2026-12-05', '2026-12-05T07:30:00', '2026-12-05T24:00:00Z', '2026-02-30T07:30:00Z', '2026-12-05T07:30:00+25:00'])('refuses the instant %s', (text) =>
    expect(isInstant(text)).toBe(false),
  );
  it('keeps a reminder in UTC with milliseconds', () => {
    expect(v.parse(remindAtField, '2026-12-05T08:30:00+01:00')).toBe('2026-12-05T07:30:00.000Z');
    expect(v.parse(remindAtField, null)).toBeNull();
  });
});

describe('the recurrence subset', () => {
  it.each(['FREQ=DAILY', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR', 'FREQ=MONTHLY;COUNT=12', 'FREQ=YEARLY;UNTIL=20301231', 'FREQ=DAILY;UNTIL=20301231T000000Z'])(
    'accepts %s',
    (rule) => expect(recurrenceProblem(rule)).toBeUndefined(),
  );
  it.each([
    ['FREQ=SECONDLY', /FREQ=DAILY, WEEKLY/],
    ['FREQ=DAILY;FREQ=WEEKLY', /FREQ=DAILY, WEEKLY/],
    ['FREQ=DAILY;BYHOUR=9', /FREQ=DAILY, WEEKLY/],
    ['FREQ=MONTHLY;BYDAY=1MO', /BYDAY is only for FREQ=WEEKLY/],
    ['FREQ=WEEKLY;BYDAY=MO,MO', /BYDAY must list days/],
    ['FREQ=WEEKLY;COUNT=2;UNTIL=20301231', /COUNT or UNTIL, not both/],
    ['FREQ=WEEKLY;COUNT=0', /COUNT must be/],
    ['FREQ=WEEKLY;INTERVAL=1000', /INTERVAL must be/],
    ['FREQ=WEEKLY;UNTIL=20260230', /UNTIL must be a date/],
    ['RRULE:FREQ=DAILY', /FREQ=DAILY, WEEKLY/],
    ['', /FREQ=DAILY, WEEKLY/],
  ])('refuses %s', (rule, message) => expect(recurrenceProblem(rule)).toMatch(message));
  it('reads any case and stores upper case', () => expect(v.parse(recurrenceField, ' freq=weekly;byday=mo ')).toBe('FREQ=WEEKLY;BYDAY=MO'));
});

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
