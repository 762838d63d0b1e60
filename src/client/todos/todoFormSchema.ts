/**
 * The add/edit form's schema: the shared title and description rules, and the API's own checks
 * of the date fields (src/shared/dates.ts, src/shared/recurrence.ts) and the priority
 * (src/shared/priority.ts) on what the form makes of its controls. Its output is what the API
 * takes: dueDate, remindAt and recurrence, null for none, priority, 0 for none, project, null
 * for the Inbox, and the labels' ids.
 */
import * as v from 'valibot';
import { dueDateField, remindAtField } from '../../shared/dates';
import { PRIORITIES, priorityField } from '../../shared/priority';
import { recurrenceField } from '../../shared/recurrence';
import { descriptionField, titleField } from '../../shared/schemas';
import { recurrenceOf, REPEATS, WEEKDAYS, type DateFormValues } from './todoFormValues';

export const REPEAT_NEEDS_DUE_DATE = 'A repeating todo needs a due date';

/** "" (an empty control) is "none". */
const emptyIsNull = v.transform((text: string) => (text === '' ? null : text));

export const todoDialogSchema = v.pipe(
  v.object({
    title: titleField,
    description: v.optional(descriptionField, ''),
    dueDate: v.pipe(v.optional(v.string(), ''), emptyIsNull, dueDateField),
    remindAt: v.pipe(v.optional(v.string(), ''), emptyIsNull, remindAtField),
    repeat: v.optional(v.picklist(REPEATS.map((choice) => choice.value)), 'never'),
    weekdays: v.optional(v.array(v.picklist(WEEKDAYS)), []),
    recurrence: v.optional(v.string(), ''),
    // The Project select's value: "" for the Inbox, else the project's id.
    project: v.pipe(
      v.optional(v.string(), ''),
      v.transform((id) => (id === '' ? null : Number(id))),
    ),
    // The Parent field's value: "" for a top-level todo, else the parent's id.
    parent: v.pipe(
      v.optional(v.string(), ''),
      v.transform((id) => (id === '' ? null : Number(id))),
    ),
    // The Labels picker's ids.
    labels: v.optional(v.array(v.number()), []),
    // The select's text ("0" none … "3" high), checked as the API checks the number it becomes.
    priority: v.pipe(
      v.optional(v.picklist(PRIORITIES.map(String) as `${(typeof PRIORITIES)[number]}`[]), '0'),
      v.transform(Number),
      priorityField,
    ),
  }),
  v.forward(
    v.partialCheck(
      [['repeat'], ['dueDate']],
      (input) => input.repeat === 'never' || input.dueDate !== null,
      REPEAT_NEEDS_DUE_DATE,
    ),
    ['repeat'],
  ),
  v.transform(
    ({ title, description, dueDate, remindAt, priority, project, parent, labels, ...repeat }) => ({
      title,
      description,
      dueDate,
      remindAt,
      recurrence: recurrenceOf(repeat),
      priority,
      project,
      parent,
      labels,
    }),
  ),
  // The rule the controls make is checked as the API will check it.
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const result = v.safeParse(recurrenceField, dataset.value.recurrence);
      if (!result.success) addIssue({ message: result.issues[0].message });
    }),
    ['recurrence'],
  ),
);

export type TodoDialogInput = v.InferInput<typeof todoDialogSchema> &
  Partial<DateFormValues> & {
    /** The parent's title, which the Parent field shows (left out: the todo has no parent). */
    parentTitle?: string;
    /** The todo being edited (left out on an add): the Parent field offers parents for it. */
    todoId?: number;
  };
export type TodoDialogValues = v.InferOutput<typeof todoDialogSchema>;
