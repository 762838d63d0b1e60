/** The date fields of a queued add, as its todo shows until the server has it. */
import type { TodoAttributes } from '../../shared/api-types';

type Dates = Pick<TodoAttributes, 'dueDate' | 'remindAt' | 'recurrence'>;

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** Only the fields the write carries: a todo of a Strapi backend has none. */
export function queuedDates(data: Record<string, unknown>): Dates {
  const dates: Dates = {};
  for (const key of ['dueDate', 'remindAt', 'recurrence'] as const)
    if (key in data) dates[key] = textOrNull(data[key]);
  return dates;
}
