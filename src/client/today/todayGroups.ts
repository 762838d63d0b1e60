/**
 * What the Today page shows, from two list calls with due date filters: the open todos due today
 * or earlier, then the open todos of the next 7 days, grouped by day under a heading each.
 */
import type { TodoEntity } from '../../shared/api-types';
import { listSearchParams, type ListRequest } from '../../shared/list-request';
import { addDays, asLocalDate, dayName } from '../ui/dueDates';

/** Days after today that the page looks ahead. */
const DAYS_AHEAD = 7;
/** The API's largest page: each of the two calls shows at most this many todos. */
const TODAY_PAGE_SIZE = 100;

const list = (dueDate: NonNullable<ListRequest['filters']>['dueDate']) =>
  `todos?${listSearchParams({
    filters: { dueDate, completed: { $eq: false } },
    pagination: { pageSize: TODAY_PAGE_SIZE },
    sort: ['dueDate:asc'],
    // Each todo's project and labels, which the Edit dialog's Project select and Labels start from.
    populate: ['project', 'labels'],
  })}`;

/** Open todos due on `today` or before it, oldest first. */
export const dueByTodayQuery = (today: string) => list({ $lte: today });

/** Open todos due in the 7 days after `today`. */
export const dueSoonQuery = (today: string) =>
  list({ $gt: today, $lte: addDays(today, DAYS_AHEAD) });

export interface DayGroup {
  /** "overdue", "today", or the day's "YYYY-MM-DD". */
  key: string;
  heading: string;
  /** The day's full date under the heading, e.g. "Friday, November 27". */
  date?: string;
  todos: TodoEntity[];
}

const fullDate = (date: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' }).format(
    asLocalDate(date),
  );

/**
 * The page's groups: "Overdue" (only when there are such todos), "Today" (always, perhaps empty),
 * then each of the next 7 days that has todos, in date order.
 */
export function groupByDay(
  dueByToday: TodoEntity[],
  dueSoon: TodoEntity[],
  today: string,
  locale?: string,
): DayGroup[] {
  const due = (todo: TodoEntity) => todo.attributes.dueDate ?? '';
  const overdue = dueByToday.filter((todo) => due(todo) < today);
  const groups: DayGroup[] = [];
  if (overdue.length) groups.push({ key: 'overdue', heading: 'Overdue', todos: overdue });
  groups.push({
    key: 'today',
    heading: 'Today',
    date: fullDate(today, locale),
    todos: dueByToday.filter((todo) => due(todo) === today),
  });
  for (let offset = 1; offset <= DAYS_AHEAD; offset += 1) {
    const day = addDays(today, offset);
    const todos = dueSoon.filter((todo) => due(todo) === day);
    if (todos.length)
      groups.push({
        key: day,
        heading: dayName(day, today, locale),
        date: fullDate(day, locale),
        todos,
      });
  }
  return groups;
}
