/**
 * The date rules the SPA and the server share (issue 28): real calendar dates, instants with an
 * offset, and the RRULE subset (which rrule must read alike).
 */
import * as v from 'valibot';
import { isCalendarDate, isInstant, remindAtField } from '../../src/shared/dates';
import { RRule } from 'rrule';
import { recurrenceField, recurrenceProblem } from '../../src/shared/recurrence';

describe('calendar dates and instants', () => {
  it.each(['2026-12-05', '2028-02-29', '0001-01-01'])('accepts %s', (text) =>
    expect(isCalendarDate(text)).toBe(true),
  );
  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-1-5',
    '20261205',
    ' 2026-12-05',
    'tomorrow',
  ])('refuses %s', (text) => expect(isCalendarDate(text)).toBe(false));
  it.each(['2026-12-05T07:30Z', '2026-12-05T07:30:00.123456+05:30', '2026-12-05t07:30:00z'])(
    'accepts the instant %s',
    (text) => expect(isInstant(text)).toBe(true),
  );
  it.each([
    '2026-12-05',
    '2026-12-05T07:30:00',
    '2026-12-05T24:00:00Z',
    '2026-02-30T07:30:00Z',
    '2026-12-05T07:30:00+25:00',
  ])('refuses the instant %s', (text) => expect(isInstant(text)).toBe(false));
  it('keeps a reminder in UTC with milliseconds', () => {
    expect(v.parse(remindAtField, '2026-12-05T08:30:00+01:00')).toBe('2026-12-05T07:30:00.000Z');
    expect(v.parse(remindAtField, null)).toBeNull();
  });
});

describe('the recurrence subset', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR',
    'FREQ=MONTHLY;COUNT=12',
    'FREQ=YEARLY;UNTIL=20301231',
    'FREQ=DAILY;UNTIL=20301231T000000Z',
  ])('accepts %s', (rule) => expect(recurrenceProblem(rule)).toBeUndefined());
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
  it('reads every accepted rule as rrule does', () => {
    const read = (rule: string) => RRule.parseString(rule);
    expect(read('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR')).toMatchObject({
      freq: RRule.WEEKLY,
      interval: 2,
      byweekday: [RRule.MO, RRule.WE, RRule.FR],
    });
    expect(read('FREQ=MONTHLY;COUNT=12')).toMatchObject({ freq: RRule.MONTHLY, count: 12 });
    expect(read('FREQ=YEARLY;UNTIL=20301231').until).toEqual(new Date('2030-12-31T00:00:00Z'));
    expect(read('FREQ=DAILY;UNTIL=20301231T000000Z').until).toEqual(
      new Date('2030-12-31T00:00:00Z'),
    );
  });
  it('reads any case and stores upper case', () =>
    expect(v.parse(recurrenceField, ' freq=weekly;byday=mo ')).toBe('FREQ=WEEKLY;BYDAY=MO'));
});
