/**
 * The add/edit form's date fields and the API's: a due date ("" for none), a reminder (a UTC ISO
 * instant, "" for none) and a repeat choice with its weekdays, which become an RRULE
 * (`FREQ=WEEKLY;BYDAY=MO,WE`). A rule the form cannot show in full (INTERVAL, COUNT, UNTIL) is
 * kept as it was unless the user changes the frequency or the days. The priority is a select's
 * text, "0" (none) to "3" (high).
 */
import type { TodoEntity } from '../../shared/api-types';
import type { Priority } from '../../shared/priority';
import { labelIdsOf } from '../labels';
import { hasDueDates } from '../lib/features';
import type { LabelsWrite, TodoDates } from './todosApi';

export const REPEATS = [
  { value: 'never', label: 'Never' },
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'YEARLY', label: 'Yearly' },
] as const;
type Repeat = (typeof REPEATS)[number]['value'];

/** RRULE's weekday codes, Sunday first (as Date.getDay counts). */
export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DateFormValues {
  dueDate: string;
  remindAt: string;
  repeat: Repeat;
  weekdays: Weekday[];
  /** The rule as the todo had it, kept when the choice above still says the same. */
  recurrence: string;
}

export const NO_DATES: DateFormValues = {
  dueDate: '',
  remindAt: '',
  repeat: 'never',
  weekdays: [],
  recurrence: '',
};

const ruleParts = (rule: string) =>
  new Map(
    rule
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined])
      .map(([key, value]) => [key.toUpperCase(), value ?? '']),
  );

const sortedDays = (days: readonly string[]) =>
  [...days].sort((a, b) => WEEKDAYS.indexOf(a as Weekday) - WEEKDAYS.indexOf(b as Weekday));

/** What the form shows for a stored rule (a todo's, or one quick add read). */
export function repeatOf(
  rule: string | null | undefined,
): Pick<DateFormValues, 'repeat' | 'weekdays'> {
  if (!rule) return { repeat: 'never', weekdays: [] };
  const parts = ruleParts(rule);
  const freq = parts.get('FREQ') as Repeat | undefined;
  const repeat = REPEATS.some((choice) => choice.value === freq) ? freq! : 'never';
  const weekdays = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter((day): day is Weekday => WEEKDAYS.includes(day as Weekday));
  return { repeat, weekdays: sortedDays(weekdays) as Weekday[] };
}

/** The rule the form's choice stands for: null for Never, the stored rule while the choice is unchanged. */
export function recurrenceOf({
  repeat,
  weekdays,
  recurrence,
}: Pick<DateFormValues, 'repeat' | 'weekdays' | 'recurrence'>): string | null {
  if (repeat === 'never') return null;
  const days = repeat === 'WEEKLY' ? sortedDays(weekdays) : [];
  const kept = repeatOf(recurrence);
  if (recurrence && kept.repeat === repeat && kept.weekdays.join() === days.join())
    return recurrence;
  return days.length ? `FREQ=${repeat};BYDAY=${days.join(',')}` : `FREQ=${repeat}`;
}

/**
 * A todo's project as far as the list knows it: its id, null in the Inbox, undefined when the
 * answer did not say (no `populate`, or a Strapi backend).
 */
export const projectOf = (todo: TodoEntity | undefined): number | null | undefined => {
  const relation = todo?.attributes.project;
  return relation === undefined ? undefined : (relation.data?.id ?? null);
};

/** A todo's parent as the list knows it: its id and title, null for a top-level todo, undefined unknown. */
export const parentOf = (todo: TodoEntity | undefined) => {
  const relation = todo?.attributes.parent;
  if (relation === undefined) return undefined;
  return relation.data && { id: relation.data.id, title: relation.data.attributes.title ?? '' };
};

/** The Parent field's starting value and the title it shows (none: no field). */
export const parentValues = (parent: { id: number; title: string } | null | undefined) =>
  parent ? { parent: String(parent.id), parentTitle: parent.title } : {};

/** The Project select's value: "" for the Inbox. */
export const projectValue = (project: number | null | undefined) =>
  project == null ? '' : String(project);

/** The form's starting values for a todo (title, description, priority, project, labels and the date fields). */
export function formValuesOf(todo: TodoEntity) {
  const { title, description, dueDate, remindAt, recurrence, priority } = todo.attributes;
  return {
    title,
    description: description ?? '',
    priority: String(priority ?? 0) as `${Priority}`,
    project: projectValue(projectOf(todo)),
    labels: labelIdsOf(todo) ?? [],
    dueDate: dueDate ?? '',
    remindAt: remindAt ?? '',
    recurrence: recurrence ?? '',
    ...repeatOf(recurrence),
    ...parentValues(parentOf(todo)),
    todoId: todo.id,
  };
}

/**
 * The date fields of the form's output to send: those that differ from the todo's (an add's
 * todo has none), so a change sends only what the user changed; none to a Strapi backend.
 */
export function formDates(values: Required<TodoDates>, todo?: TodoEntity): TodoDates {
  if (!hasDueDates()) return {};
  const before = todo?.attributes;
  const changed = (['dueDate', 'remindAt', 'recurrence'] as const).filter(
    (key) => values[key] !== (before?.[key] ?? null),
  );
  return Object.fromEntries(changed.map((key) => [key, values[key]]));
}

/**
 * The fields beyond title and description to send: the changed dates (above), the priority when
 * it differs from the todo's (none for a new todo, the server's default), so an unchanged
 * priority is never sent: a Strapi todo type set up before priorities existed has none; and the
 * project when it differs from the todo's (a new todo's: the Inbox); the labels when they differ
 * (labelsWrite).
 */
export function formFields(
  values: Required<TodoDates> & {
    priority: Priority;
    project?: number | null;
    parent?: number | null;
    labels?: number[];
  },
  todo?: TodoEntity,
): TodoDates & {
  priority?: Priority;
  project?: number | null;
  parent?: number | null;
  labels?: LabelsWrite;
} {
  const priority =
    values.priority === (todo?.attributes.priority ?? 0) ? {} : { priority: values.priority };
  const project =
    values.project === undefined || values.project === (projectOf(todo) ?? null)
      ? {}
      : { project: values.project };
  // The parent when the Parent field changed it (given by "Add subtask", or removed).
  const parent =
    values.parent === undefined || values.parent === (parentOf(todo)?.id ?? null)
      ? {}
      : { parent: values.parent };
  const labels = labelsWrite(values.labels ?? [], todo);
  return {
    ...formDates(values, todo),
    ...priority,
    ...project,
    ...parent,
    ...(labels ? { labels } : {}),
  };
}

/**
 * The labels to send: the whole set when it differs from the todo's (a new todo's: none, so an
 * add without labels sends nothing); when the todo's labels are not known (the list did not say),
 * only those picked are added, so none it has is lost.
 */
export function labelsWrite(ids: number[], todo?: TodoEntity): LabelsWrite | undefined {
  const before = todo ? labelIdsOf(todo) : [];
  if (before === undefined) return ids.length ? { connect: ids } : undefined;
  const same = ids.length === before.length && ids.every((id) => before.includes(id));
  return same ? undefined : { set: ids };
}

/** Whether a change reaches the series' shared fields (title, description, rule): then it asks "this one or following". */
export function touchesSeries(
  todo: TodoEntity,
  changes: { title?: string; description?: string | null; recurrence?: string | null },
): boolean {
  const now = todo.attributes;
  const differs = (a: unknown, b: unknown) => (a ?? '') !== (b ?? '');
  return (
    (changes.title !== undefined && differs(changes.title, now.title)) ||
    (changes.description !== undefined && differs(changes.description, now.description)) ||
    (changes.recurrence !== undefined && differs(changes.recurrence, now.recurrence))
  );
}
