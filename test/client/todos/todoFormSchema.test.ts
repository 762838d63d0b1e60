import * as v from 'valibot';
import { REPEAT_NEEDS_DUE_DATE, todoDialogSchema } from '../../../src/client/todos/todoFormSchema';
import { formFields, formValuesOf, recurrenceOf } from '../../../src/client/todos/todoFormValues';
import type { TodoEntity } from '../../../src/shared/api-types';

const parse = (input: Record<string, unknown>) =>
  v.safeParse(todoDialogSchema, { title: 'Pay rent', ...input });
const messages = (input: Record<string, unknown>) => {
  const result = parse(input);
  return (
    (result.success ? undefined : v.flatten<typeof todoDialogSchema>(result.issues).nested) ?? {}
  );
};

describe('the add/edit form schema (issue 28)', () => {
  it('sends null for every empty date control', () => {
    expect(parse({}).output).toEqual({
      title: 'Pay rent',
      description: '',
      dueDate: null,
      remindAt: null,
      recurrence: null,
      priority: 0,
      project: null,
      parent: null,
      labels: [],
    });
  });

  it('reads the Parent field: "" is a top-level todo (null), else the parent’s id', () => {
    expect(parse({ parent: '' }).output).toMatchObject({ parent: null });
    expect(parse({ parent: '7' }).output).toMatchObject({ parent: 7 });
  });

  it('reads the Labels picker: the chosen labels’ ids', () => {
    expect(parse({ labels: [3, 1] }).output).toMatchObject({ labels: [3, 1] });
  });

  it('reads the Project select: "" is the Inbox (null), else the project’s id', () => {
    expect(parse({ project: '' }).output).toMatchObject({ project: null });
    expect(parse({ project: '12' }).output).toMatchObject({ project: 12 });
  });

  it('takes a real calendar day and refuses an impossible or half-typed one', () => {
    expect(parse({ dueDate: '2028-02-29' }).output).toMatchObject({ dueDate: '2028-02-29' });
    expect(messages({ dueDate: '2026-02-30' }).dueDate?.[0] ?? '').toMatch(/calendar date/);
    expect(messages({ dueDate: 'unreadable' }).dueDate?.[0] ?? '').toMatch(/calendar date/);
  });

  it('takes the days the API takes, 1900-01-01 to 2200-12-31, and says so outside them', () => {
    expect(parse({ dueDate: '2200-12-31', remindAt: '1900-01-01T00:00:00Z' }).output).toMatchObject(
      { dueDate: '2200-12-31' },
    );
    expect(messages({ dueDate: '1899-12-31' }).dueDate).toEqual([
      'dueDate must be a date from 1900-01-01 to 2200-12-31',
    ]);
    expect(messages({ remindAt: '2201-01-01T08:00:00Z' }).remindAt).toEqual([
      'remindAt must be a time from 1900-01-01 to 2200-12-31 (UTC)',
    ]);
  });

  it('sends the reminder as a UTC instant with milliseconds', () => {
    expect(parse({ remindAt: '2026-12-05T08:30:00+01:00' }).output).toMatchObject({
      remindAt: '2026-12-05T07:30:00.000Z',
    });
  });

  it('makes an RRULE of the repeat choice, with the weekdays of a weekly one', () => {
    expect(parse({ dueDate: '2026-12-01', repeat: 'DAILY' }).output).toMatchObject({
      recurrence: 'FREQ=DAILY',
    });
    expect(
      parse({ dueDate: '2026-12-01', repeat: 'WEEKLY', weekdays: ['WE', 'MO'] }).output,
    ).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE',
    });
    expect(
      parse({ dueDate: '2026-12-01', repeat: 'MONTHLY', weekdays: ['MO'] }).output,
    ).toMatchObject({ recurrence: 'FREQ=MONTHLY' });
  });

  it('refuses a repeat without a due date, under the Repeat control', () => {
    expect(messages({ repeat: 'YEARLY' })).toEqual({ repeat: [REPEAT_NEEDS_DUE_DATE] });
  });

  it('keeps a stored rule the form cannot show in full while the choice is unchanged', () => {
    const stored = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=5';
    const values = formValuesOf({
      id: 1,
      attributes: {
        title: 'T',
        description: null,
        completed: false,
        createdAt: '',
        updatedAt: '',
        dueDate: '2026-12-07',
        recurrence: stored,
      },
    });
    expect(values).toMatchObject({
      dueDate: '2026-12-07',
      repeat: 'WEEKLY',
      weekdays: ['MO'],
      recurrence: stored,
    });
    expect(recurrenceOf(values)).toBe(stored);
    expect(recurrenceOf({ ...values, weekdays: ['MO', 'FR'] })).toBe('FREQ=WEEKLY;BYDAY=MO,FR');
    expect(recurrenceOf({ ...values, repeat: 'never' })).toBeNull();
  });
});

describe('the form priority (issue 41)', () => {
  const todo = (priority?: 0 | 1 | 2 | 3): TodoEntity => ({
    id: 1,
    attributes: {
      title: 'T',
      description: null,
      completed: false,
      createdAt: '',
      updatedAt: '',
      ...(priority === undefined ? {} : { priority }),
    },
  });
  const noDates = { dueDate: null, remindAt: null, recurrence: null };

  it('reads the select text as the number the API takes, none by default', () => {
    expect(parse({}).output).toMatchObject({ priority: 0 });
    for (const priority of [0, 1, 2, 3])
      expect(parse({ priority: String(priority) }).output).toMatchObject({ priority });
    expect(messages({ priority: '4' }).priority).toHaveLength(1);
  });

  it('starts an edit from the stored priority; a todo without one (an older Strapi backend) as none', () => {
    expect(formValuesOf(todo(3)).priority).toBe('3');
    expect(formValuesOf(todo()).priority).toBe('0');
  });

  it('sends the priority only when it differs from the todo (none for a new todo)', () => {
    expect(formFields({ ...noDates, priority: 0 })).toEqual({});
    expect(formFields({ ...noDates, priority: 2 })).toEqual({ priority: 2 });
    expect(formFields({ ...noDates, priority: 3 }, todo(3))).toEqual({});
    expect(formFields({ ...noDates, priority: 0 }, todo(3))).toEqual({ priority: 0 });
    expect(formFields({ ...noDates, priority: 0 }, todo())).toEqual({});
  });
});
