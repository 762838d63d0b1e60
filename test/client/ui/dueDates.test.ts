import {
  addDays,
  dayName,
  daysBetween,
  dueLabel,
  localToday,
} from '../../../src/client/ui/dueDates';

// Wednesday, 25 November 2026.
const today = '2026-11-25';

describe('the name of a due date', () => {
  it('is "Today" and "Tomorrow" for those days', () => {
    expect(dueLabel('2026-11-25', false, today, 'en-US')).toEqual({
      text: 'Today',
      overdue: false,
    });
    expect(dueLabel('2026-11-26', false, today, 'en-US')).toEqual({
      text: 'Tomorrow',
      overdue: false,
    });
  });

  it('is the weekday within the next 6 days, in the given locale', () => {
    expect(dayName('2026-11-27', today, 'en-US')).toBe('Friday');
    expect(dayName('2026-12-01', today, 'en-US')).toBe('Tuesday');
    expect(dayName('2026-11-27', today, 'de-DE')).toBe('Freitag');
  });

  it('is a short date from the 7th day on, with the year only when it is another year', () => {
    expect(dayName('2026-12-02', today, 'en-US')).toBe('Dec 2');
    expect(dayName('2027-01-05', today, 'en-US')).toBe('Jan 5, 2027');
    expect(dayName('2026-12-24', today, 'de-DE')).toBe('24. Dez.');
  });

  it('is overdue before today while open, never when completed, never from today on', () => {
    expect(dueLabel('2026-11-24', false, today, 'en-US')).toEqual({
      text: 'Nov 24',
      overdue: true,
    });
    expect(dueLabel('2025-11-24', false, today, 'en-US')).toEqual({
      text: 'Nov 24, 2025',
      overdue: true,
    });
    expect(dueLabel('2026-11-24', true, today, 'en-US').overdue).toBe(false);
    expect(dueLabel('2026-11-25', false, today, 'en-US').overdue).toBe(false);
  });

  it('counts calendar days across a month end, a year end and a daylight saving change', () => {
    expect(daysBetween('2026-11-30', '2026-12-01')).toBe(1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-10-24', 7)).toBe('2026-10-31');
  });

  it("takes today from the reader's clock", () => {
    expect(localToday(new Date(2026, 10, 25, 23, 59))).toBe('2026-11-25');
    expect(localToday(new Date(2026, 10, 26, 0, 0))).toBe('2026-11-26');
  });
});
