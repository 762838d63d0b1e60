/** Calendar dates and instants as the API takes them (dueDate, remindAt), checked for real calendar days. */
import * as v from 'valibot';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

/** 'YYYY-MM-DD' naming a day that exists: 2026-02-30 and 2026-1-5 do not. */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** An ISO 8601 date and time with seconds optional and an offset (Z or ±hh:mm) required. */
export function isInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  return match !== null && isCalendarDate(match[1]!) && !Number.isNaN(Date.parse(text));
}

/**
 * The days a todo's dates may fall on (due dates, reminders in UTC, a recurrence's UNTIL): wide for
 * any plan, and narrow enough that a series' dates are always a bounded walk apart.
 */
export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '2200-12-31';

/** A calendar date ('YYYY-MM-DD', or the date part of an ISO instant) within FIRST_DATE..LAST_DATE. */
export const isDateInRange = (date: string): boolean =>
  date.slice(0, 10) >= FIRST_DATE && date.slice(0, 10) <= LAST_DATE;

export const DUE_DATE_MESSAGE =
  'dueDate must be a calendar date written YYYY-MM-DD, e.g. 2026-12-05';
export const DUE_DATE_RANGE_MESSAGE = `dueDate must be a date from ${FIRST_DATE} to ${LAST_DATE}`;
export const REMIND_AT_MESSAGE =
  'remindAt must be a date and time with an offset, e.g. 2026-12-05T08:30:00+01:00';
export const REMIND_AT_RANGE_MESSAGE = `remindAt must be a time from ${FIRST_DATE} to ${LAST_DATE} (UTC)`;

/** A due date, or null for none. */
export const dueDateField = v.nullable(
  v.pipe(
    v.string(DUE_DATE_MESSAGE),
    v.check(isCalendarDate, DUE_DATE_MESSAGE),
    v.check(isDateInRange, DUE_DATE_RANGE_MESSAGE),
  ),
);

/** A reminder's instant, or null for none; given with any offset, kept in UTC with milliseconds. */
export const remindAtField = v.nullable(
  v.pipe(
    v.string(REMIND_AT_MESSAGE),
    v.check(isInstant, REMIND_AT_MESSAGE),
    v.transform((text) => new Date(text).toISOString()),
    v.check(isDateInRange, REMIND_AT_RANGE_MESSAGE),
  ),
);

/** Midnight UTC of a calendar date: the origin a reminder's offset is measured from. */
export const startOfDate = (date: string): number => Date.parse(`${date}T00:00:00Z`);
