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
import { positionsFromIds, rowOf, seriesFor, type TodoInput } from './todo-rows';
import { changeFollowing } from './series-scope';
import type { MissingProject } from '../projects';
import { writeTodoLabels } from '../labels';
import type { MissingLabel } from '../../shared/label-relation';
import { titleKey } from '../../shared/title-key';
import type { MissingParent, SubtaskCompletion } from '../../shared/parent-relation';
import { completeSubtree, missingNotes, moveSubtree, placeTodo } from './subtasks';

type Db = Kysely<Database>;

/**
 * What a write does when the project, the parent or a label it names is gone (projects/relation.ts,
 * subtasks.ts, labels/links.ts).
 */
interface ProjectOptions {
  onMissingProject?: MissingProject;
  onMissingParent?: MissingParent;
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

/**
 * A new todo, unless the owner keeps `maxTodos` live ones (see makeRoom). `projectMissing`: the
 * project named was gone and the todo went to the Inbox (onMissingProject 'inbox'); `parentMissing`:
 * the parent named was gone and the todo is a root (onMissingParent 'root'); `labelsMissing`: the
 * labels dropped (onMissingLabel 'drop').
 */
export function createTodo(
  db: Db,
  ownerId: number,
  input: TodoInput,
  options: ProjectOptions & { maxTodos?: number; now?: Date } = {},
): Promise<TodoRow & Pick<ChangedTodo, 'projectMissing' | 'parentMissing' | 'labelsMissing'>> {
  const { maxTodos = Infinity, now = new Date(), onMissingLabel } = options;
  if (input.recurrence && !input.dueDate) throw new DomainError('recurrence-needs-due-date');
  const dueDate = input.recurrence
    ? firstOccurrence(input.recurrence, input.dueDate!)
    : input.dueDate;
  const todo = { ...input, dueDate, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  return ownerTransaction(db, ownerId, async (trx) => {
    const placed = await placeTodo(trx, ownerId, undefined, input, options);
    await makeRoom(trx, ownerId, 1, maxTodos);
    const row = rowOf(
      ownerId,
      { ...todo, project: placed.projectId, parent: placed.parentId },
      await seriesFor(trx, ownerId, todo, now),
    );
    const inserted = await trx
      .insertInto('todos')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.position === undefined) await positionsFromIds(trx, ownerId, [inserted.id]);
    const created = { ...inserted, position: input.position ?? inserted.id };
    const labels =
      input.labels && (await writeTodoLabels(trx, ownerId, created, input.labels, onMissingLabel));
    await recordEvent(trx, ownerId, 'created', created.id);
    return {
      ...created,
      ...missingNotes(placed),
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
  /** With completed: true, whether the open subtasks of the subtree are completed too. */
  subtasks?: SubtaskCompletion;
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
  options: UpdateOptions = {},
): Promise<ChangedTodo | undefined> {
  const {
    scope = 'this',
    now = new Date(),
    maxTodos = Infinity,
    subtasks,
    onMissingLabel,
  } = options;
  return ownerTransaction(db, ownerId, async (trx) => {
    const current = await findTodo(trx, ownerId, id);
    if (!current) return undefined;
    // Moving changes project_id and parent_id only: the id, createdAt and series stay.
    const placed = await placeTodo(trx, ownerId, current, patch, options);
    const { projectId, parentId } = placed;
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
        ...(patch.position !== undefined && { position: patch.position }),
        ...(projectId !== undefined && { project_id: projectId }),
        ...(parentId !== undefined && { parent_id: parentId }),
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
    // A subtree lives in its root's project.
    if (updated.project_id !== current.project_id)
      await moveSubtree(trx, ownerId, id, updated.project_id, now);
    const completedBelow =
      patch.completed === true && subtasks === 'complete'
        ? await completeSubtree(trx, ownerId, id, now, maxTodos)
        : undefined;
    const series =
      patch.completed === true
        ? await continueSeries(trx, ownerId, updated, now, maxTodos)
        : undefined;
    return {
      row: updated,
      series,
      ...missingNotes(placed),
      ...(labels?.missing.length && { labelsMissing: labels.missing }),
      ...(completedBelow !== undefined && { subtasks: { completed: completedBelow } }),
    };
  });
}
