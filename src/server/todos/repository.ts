/**
 * Todo persistence: every function takes the owner's id and never reads or writes another user's
 * rows. These read and change live todos only; the trash has its own module (trash.ts).
 */
import type { Kysely } from 'kysely';
import type { Scope } from '../../shared/schemas';
import type { Database, TodoRow } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { recordEvent } from '../events/journal';
import { DomainError } from '../domain-error';
import { makeRoom } from './capacity';
import { firstOccurrence } from './rule-dates';
import { continueSeries, startSeries, type ChangedTodo } from './series';
import { changeFollowing } from './series-scope';
import { projectForTodo, type MissingProject } from '../projects';
import { writeTodoLabels } from '../labels';
import type { LabelsChange, MissingLabel } from '../../shared/label-relation';
import { titleKey } from '../../shared/title-key';

type Db = Kysely<Database>;

interface TodoInput {
  title: string;
  description: string | null;
  completed: boolean;
  /** Dates and recurrence; absent reads as null. */
  dueDate?: string | null;
  remindAt?: string | null;
  recurrence?: string | null;
  /** 0 none … 3 high; absent reads as 0. */
  priority?: number;
  /** The project's id, null for the Inbox; absent reads as the Inbox (create) or unchanged (update). */
  project?: number | null;
  /** The labels to set, or to add and remove; absent: none (create) or unchanged (update). */
  labels?: LabelsChange;
}

/** What a write does when the project or a label it names is not the owner's (projects/relation.ts, labels/links.ts). */
interface ProjectOptions {
  onMissingProject?: MissingProject;
  onMissingLabel?: MissingLabel;
}

export function findTodo(db: Db, ownerId: number, id: number): Promise<TodoRow | undefined> {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** One owner's oldest todos, oldest first (users/me?populate=todos). */
export function allTodos(db: Db, ownerId: number, limit: number): Promise<TodoRow[]> {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A todo as an import brings it: its dates are the file's (or the time of the import); rows sharing a seriesKey share a series. */
export type ImportedTodo = TodoInput & {
  createdAt: string;
  updatedAt: string;
  seriesKey?: string;
  /** The todo's project among the file's (import-projects.ts); undefined: none. */
  projectRef?: number;
  /** The todo's labels among the file's (labels/portability.ts). */
  labelRefs?: number[];
};

export const rowOf = (ownerId: number, todo: ImportedTodo, seriesId: string | null = null) => ({
  owner_id: ownerId,
  title: todo.title,
  title_key: titleKey(todo.title),
  description: todo.description,
  completed: todo.completed ? 1 : 0,
  created_at: todo.createdAt,
  updated_at: todo.updatedAt,
  due_date: todo.dueDate ?? null,
  remind_at: todo.remindAt ?? null,
  recurrence: todo.recurrence ?? null,
  series_id: seriesId,
  priority: todo.priority ?? 0,
  project_id: todo.project ?? null,
  // An occurrence brought in completed had its next one already: completing it again makes none.
  followed: seriesId && todo.completed ? 1 : 0,
});

/** A recurring todo starts a series of its own (its first occurrence). */
export const seriesFor = (
  trx: Db,
  ownerId: number,
  todo: TodoInput,
  now: Date,
  made = 1,
): Promise<string | null> =>
  todo.recurrence && todo.dueDate
    ? startSeries(
        trx,
        ownerId,
        { title: todo.title, description: todo.description, recurrence: todo.recurrence },
        todo.dueDate,
        now,
        made,
      )
    : Promise.resolve(null);

/**
 * A new todo, unless the owner keeps `maxTodos` live ones (see makeRoom). `projectMissing`: the
 * project named was gone and the todo went to the Inbox (onMissingProject 'inbox'); `labelsMissing`:
 * the labels dropped (onMissingLabel 'drop').
 */
export function createTodo(
  db: Db,
  ownerId: number,
  input: TodoInput,
  {
    maxTodos = Infinity,
    now = new Date(),
    onMissingProject,
    onMissingLabel,
  }: ProjectOptions & { maxTodos?: number; now?: Date } = {},
): Promise<TodoRow & Pick<ChangedTodo, 'projectMissing' | 'labelsMissing'>> {
  if (input.recurrence && !input.dueDate) throw new DomainError('recurrence-needs-due-date');
  const dueDate = input.recurrence
    ? firstOccurrence(input.recurrence, input.dueDate!)
    : input.dueDate;
  const todo = { ...input, dueDate, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  return ownerTransaction(db, ownerId, async (trx) => {
    const { projectId, missing } = await projectForTodo(
      trx,
      ownerId,
      input.project,
      onMissingProject,
    );
    await makeRoom(trx, ownerId, 1, maxTodos);
    const row = rowOf(
      ownerId,
      { ...todo, project: projectId },
      await seriesFor(trx, ownerId, todo, now),
    );
    const created = await trx
      .insertInto('todos')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    const labels =
      input.labels && (await writeTodoLabels(trx, ownerId, created, input.labels, onMissingLabel));
    await recordEvent(trx, ownerId, 'created', created.id);
    return {
      ...created,
      ...(missing && { projectMissing: true }),
      ...(labels?.missing.length && { labelsMissing: labels.missing }),
    };
  });
}

interface UpdateOptions extends ProjectOptions {
  /** For an occurrence of a series: the change applies to this one only, or to the following too. */
  scope?: Scope;
  now?: Date;
  /** MAX_TODOS_PER_USER, which a series' next occurrence respects. */
  maxTodos?: number;
}

/**
 * Changes a live todo. A recurrence needs a due date (the stored one or the patch's); a todo given
 * its first recurrence starts a series. Completing an occurrence makes the next (continueSeries), or
 * ends the series with a note when no date is left.
 */
export function updateTodo(
  db: Db,
  ownerId: number,
  id: number,
  patch: Partial<TodoInput>,
  {
    scope = 'this',
    now = new Date(),
    maxTodos = Infinity,
    onMissingProject,
    onMissingLabel,
  }: UpdateOptions = {},
): Promise<ChangedTodo | undefined> {
  return ownerTransaction(db, ownerId, async (trx) => {
    const current = await findTodo(trx, ownerId, id);
    if (!current) return undefined;
    // Moving between projects changes project_id only: the id, createdAt and series stay.
    const { projectId, missing } = await projectForTodo(
      trx,
      ownerId,
      patch.project,
      onMissingProject,
    );
    let dueDate = patch.dueDate !== undefined ? patch.dueDate : current.due_date;
    const recurrence = patch.recurrence !== undefined ? patch.recurrence : current.recurrence;
    if (recurrence && !dueDate) throw new DomainError('recurrence-needs-due-date');
    let seriesId = current.series_id;
    if (recurrence && !current.recurrence) {
      // A new series starts on the rule's first day, as a created one does.
      dueDate = firstOccurrence(recurrence, dueDate!);
      if (dueDate !== current.due_date) patch = { ...patch, dueDate };
      const template = {
        title: patch.title ?? current.title,
        description: patch.description !== undefined ? patch.description : current.description,
        recurrence,
      };
      seriesId = await startSeries(trx, ownerId, template, dueDate!, now);
    } else if (scope === 'following') {
      const { title, description, recurrence: rule, dueDate: moved } = patch;
      await changeFollowing(
        trx,
        ownerId,
        current,
        { title, description, recurrence: rule, dueDate: moved },
        dueDate,
        now,
      );
    }
    const updated = await trx
      .updateTable('todos')
      .set({
        ...(patch.title !== undefined && { title: patch.title, title_key: titleKey(patch.title) }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.completed !== undefined && { completed: patch.completed ? 1 : 0 }),
        ...(patch.dueDate !== undefined && { due_date: patch.dueDate }),
        // A new reminder time is a new reminder: it is sent even if the old one was.
        ...(patch.remindAt !== undefined &&
          patch.remindAt !== current.remind_at && { remind_at: patch.remindAt, reminded_at: null }),
        ...(patch.recurrence !== undefined && { recurrence: patch.recurrence }),
        ...(patch.priority !== undefined && { priority: patch.priority }),
        ...(projectId !== undefined && { project_id: projectId }),
        series_id: seriesId,
        // A todo given a new series is its first occurrence, not yet followed.
        ...(seriesId !== current.series_id && { followed: 0 }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const labels =
      patch.labels && (await writeTodoLabels(trx, ownerId, updated, patch.labels, onMissingLabel));
    await recordEvent(trx, ownerId, 'updated', id);
    const series =
      patch.completed === true
        ? await continueSeries(trx, ownerId, updated, now, maxTodos)
        : undefined;
    return {
      row: updated,
      series,
      ...(missing && { projectMissing: true }),
      ...(labels?.missing.length && { labelsMissing: labels.missing }),
    };
  });
}
