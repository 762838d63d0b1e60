/**
 * What quick add sends: the todo a parsed line stands for, as the Add dialog would send it (only
 * the fields given; no dates to a backend without them), and the Add dialog's starting values for
 * Details. `dueDate` is the page's default (Today's: today) when the line names no day.
 */
import type { Priority } from '../../../shared/priority';
import { hasDueDates } from '../../lib/features';
import type { TodoDialogInput } from '../todoFormSchema';
import { projectValue, repeatOf } from '../todoFormValues';
import type { NewTodo } from '../todosApi';
import type { QuickAddResult } from './quickAddTypes';

interface Defaults {
  userId?: number | undefined;
  dueDate?: string | undefined;
  /** The project (null or left out: the Inbox, the server's default, so nothing is sent). */
  project?: number | null | undefined;
  /** The ids of the labels the line's `@name`s stand for. */
  labels?: number[];
}

export function newTodoOf(
  result: QuickAddResult,
  { userId, dueDate, project, labels }: Defaults,
): NewTodo {
  const dates = hasDueDates()
    ? {
        dueDate: result.dueDate ?? dueDate ?? null,
        remindAt: result.remindAt,
        recurrence: result.recurrence,
      }
    : {};
  return {
    title: result.title,
    description: '',
    ...Object.fromEntries(Object.entries(dates).filter(([, value]) => value !== null)),
    ...(result.priority ? { priority: result.priority } : {}),
    ...(project == null ? {} : { project }),
    ...(labels?.length ? { labels: { set: labels } } : {}),
    ...(userId === undefined ? {} : { user: userId }),
  };
}

export function dialogValuesOf(
  result: QuickAddResult,
  { dueDate, project, labels = [] }: Defaults,
): TodoDialogInput {
  return {
    title: result.title,
    description: '',
    priority: String(result.priority ?? 0) as `${Priority}`,
    project: projectValue(project),
    labels,
    dueDate: result.dueDate ?? dueDate ?? '',
    remindAt: result.remindAt ?? '',
    recurrence: result.recurrence ?? '',
    ...repeatOf(result.recurrence),
  };
}
