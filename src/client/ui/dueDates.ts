/**
 * How a due date ("YYYY-MM-DD", a calendar day without time) is named on screen, relative to the
 * reader's own today: "Today", "Tomorrow", a weekday within the next 6 days, else a short date in
 * the reader's locale. Days are counted on the calendar, never in 24-hour steps, so a daylight
 * saving change cannot shift them.
 */
import dayjs from 'dayjs';

/** Today's date in the reader's time zone, as "YYYY-MM-DD". */
export const localToday = (now: Date = new Date()): string => dayjs(now).format('YYYY-MM-DD');

/** The date `days` calendar days after `date` ("YYYY-MM-DD" in and out). */
export const addDays = (date: string, days: number): string =>
  dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** Whole calendar days from `from` to `to`: 1 for tomorrow, -1 for yesterday. */
export const daysBetween = (from: string, to: string): number =>
  Math.round(dayjs(to).diff(dayjs(from), 'day', true));

interface DueLabel {
  /** What the row shows: "Today", "Tomorrow", "Friday", "Dec 24". */
  text: string;
  /** Before today and still open: shown in the error colour and read as "Overdue". */
  overdue: boolean;
}

/** The reader's midnight of a "YYYY-MM-DD" date, for Intl's formatters. */
export const asLocalDate = (date: string): Date => dayjs(date).toDate();

/** The name of a date on its own: a weekday within the week ahead, else a short date. */
export function dayName(date: string, today: string, locale?: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  const local = asLocalDate(date);
  if (days > 1 && days <= 6)
    return new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(local);
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(local);
}

/** The label of a todo's due date; `completed` todos are never overdue. */
export function dueLabel(
  dueDate: string,
  completed: boolean,
  today: string = localToday(),
  locale?: string,
): DueLabel {
  const text = dayName(dueDate, today, locale);
  const overdue = !completed && dueDate < today;
  return { text, overdue };
}
