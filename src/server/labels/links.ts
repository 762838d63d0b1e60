/**
 * What the todos feature asks of labels: writing a todo's labels (the owner's labels only; a
 * missing one and another user's get one answer), reading the labels of a page of todos in one
 * query for populate, copying a todo's labels to its series' next occurrence, and linking an
 * import's todos. A link keeps whether its todo is open (migration 019), which a trigger keeps true
 * afterwards.
 */
import type { Kysely } from 'kysely';
import {
  MAX_LABELS_PER_TODO,
  type LabelsChange,
  type MissingLabel,
} from '../../shared/label-relation';
import type { Database, LabelRow } from '../db/types';
import { DomainError } from '../domain-error';

type Db = Kysely<Database>;

/** The todo a change applies to, as its row now is. */
interface LinkedTodo {
  id: number;
  completed: number;
  deleted_at: string | null;
}

const isOpen = (todo: Pick<LinkedTodo, 'completed' | 'deleted_at'>) =>
  todo.deleted_at === null && !todo.completed ? 1 : 0;

/**
 * The labels of `ids` that are the owner's. A missing one refuses the write (400 naming the first),
 * unless `onMissing` is 'drop': then the others are kept and `missing` lists the dropped.
 */
export async function ownedLabels(
  trx: Db,
  ownerId: number,
  ids: number[],
  onMissing: MissingLabel = 'refuse',
): Promise<{ found: number[]; missing: number[] }> {
  if (ids.length === 0) return { found: [], missing: [] };
  const rows = await trx
    .selectFrom('labels')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  const owned = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !owned.has(id));
  if (missing.length > 0 && onMissing === 'refuse')
    throw new DomainError('label-not-found', { id: missing[0]! });
  return { found: ids.filter((id) => owned.has(id)), missing };
}

/** Links `todo` to each of `labelIds` it lacks. */
async function link(trx: Db, ownerId: number, todo: LinkedTodo, labelIds: number[]) {
  if (labelIds.length === 0) return;
  await trx
    .insertInto('todo_labels')
    .values(
      labelIds.map((labelId) => ({
        todo_id: todo.id,
        label_id: labelId,
        owner_id: ownerId,
        open: isOpen(todo),
      })),
    )
    .onConflict((conflict) => conflict.columns(['todo_id', 'label_id']).doNothing())
    .execute();
}

/**
 * Applies a body's `labels` to a todo, in the write's transaction (the owner is locked). A label
 * not the owner's refuses the whole write (or is dropped: `onMissing`); more than
 * MAX_LABELS_PER_TODO labels on the todo afterwards is a 400. The dropped ids come back.
 */
export async function writeTodoLabels(
  trx: Db,
  ownerId: number,
  todo: LinkedTodo,
  change: LabelsChange,
  onMissing: MissingLabel = 'refuse',
): Promise<{ missing: number[] }> {
  const named = 'set' in change ? change.set : change.connect;
  const { found, missing } = await ownedLabels(trx, ownerId, named, onMissing);
  const links = trx.deleteFrom('todo_labels').where('todo_id', '=', todo.id);
  if ('set' in change) {
    await (found.length > 0 ? links.where('label_id', 'not in', found) : links).execute();
  } else if (change.disconnect.length > 0) {
    // Strapi disconnects first: an id in both lists ends up connected.
    await links.where('label_id', 'in', change.disconnect).execute();
  }
  await link(trx, ownerId, todo, found);
  if (found.length > 0 || 'set' in change) {
    const count = await trx
      .selectFrom('todo_labels')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('todo_id', '=', todo.id)
      .executeTakeFirst();
    if (Number(count?.count ?? 0) > MAX_LABELS_PER_TODO) throw new DomainError('too-many-labels');
  }
  return { missing };
}

/** The owner's labels of each of `todoIds`, in name order: one query for a whole page. */
export async function labelsOfTodos(
  db: Db,
  ownerId: number,
  todoIds: number[],
): Promise<Map<number, LabelRow[]>> {
  const byTodo = new Map<number, LabelRow[]>(todoIds.map((id) => [id, []]));
  if (todoIds.length === 0) return byTodo;
  const rows = await db
    .selectFrom('todo_labels')
    .innerJoin('labels', 'labels.id', 'todo_labels.label_id')
    .selectAll('labels')
    .select('todo_labels.todo_id')
    .where('todo_labels.todo_id', 'in', todoIds)
    .where('labels.owner_id', '=', ownerId)
    .orderBy('labels.name_key')
    .orderBy('labels.id')
    .execute();
  for (const { todo_id: todoId, ...label } of rows) byTodo.get(todoId)?.push(label);
  return byTodo;
}

/** Gives a series' next occurrence (`nextId`, open) the labels of the one before (`fromId`). */
export async function copyTodoLabels(trx: Db, ownerId: number, fromId: number, nextId: number) {
  await trx
    .insertInto('todo_labels')
    .columns(['todo_id', 'label_id', 'owner_id', 'open'])
    .expression((eb) =>
      eb
        .selectFrom('todo_labels')
        .select((inner) => [
          inner.cast<number>(inner.val(nextId), 'integer').as('todo_id'),
          'label_id',
          'owner_id',
          inner.cast<number>(inner.val(1), 'integer').as('open'),
        ])
        .where('todo_id', '=', fromId)
        .where('owner_id', '=', ownerId),
    )
    .execute();
}

/** Rows per insert when an import links its todos: well under either database's parameter limit. */
const LINK_CHUNK = 1000;

/** Links an import's new todos to their labels (`links`: todo id, label id, open). */
export async function linkImported(
  trx: Db,
  ownerId: number,
  links: { todoId: number; labelId: number; open: number }[],
): Promise<void> {
  for (let start = 0; start < links.length; start += LINK_CHUNK)
    await trx
      .insertInto('todo_labels')
      .values(
        links.slice(start, start + LINK_CHUNK).map(({ todoId, labelId, open }) => ({
          todo_id: todoId,
          label_id: labelId,
          owner_id: ownerId,
          open,
        })),
      )
      .execute();
}

/**
 * Puts the owner's label on each of `todoIds` (live todos of the owner, checked by the caller) that
 * lacks it, or takes it off (`on` false); the ids of the todos it changed. A label not the owner's
 * is the one 400; a todo past MAX_LABELS_PER_TODO refuses the whole change.
 */
export async function labelMany(
  trx: Db,
  ownerId: number,
  todoIds: number[],
  labelId: number,
  on: boolean,
): Promise<number[]> {
  await ownedLabels(trx, ownerId, [labelId]);
  if (!on)
    return (
      await trx
        .deleteFrom('todo_labels')
        .where('label_id', '=', labelId)
        .where('todo_id', 'in', todoIds)
        .returning('todo_id')
        .execute()
    ).map((link) => link.todo_id);
  const added = (
    await trx
      .insertInto('todo_labels')
      .columns(['todo_id', 'label_id', 'owner_id', 'open'])
      .expression((eb) =>
        eb
          .selectFrom('todos')
          .select((todo) => [
            'id',
            todo.cast<number>(todo.val(labelId), 'integer').as('label_id'),
            'owner_id',
            todo
              .case()
              .when(todo.and([todo('deleted_at', 'is', null), todo('completed', '=', 0)]))
              .then(todo.lit(1))
              .else(todo.lit(0))
              .end()
              .as('open'),
          ])
          .where('owner_id', '=', ownerId)
          .where('id', 'in', todoIds),
      )
      .onConflict((conflict) => conflict.columns(['todo_id', 'label_id']).doNothing())
      .returning('todo_id')
      .execute()
  ).map((link) => link.todo_id);
  if (added.length === 0) return added;
  const full = await trx
    .selectFrom('todo_labels')
    .select('todo_id')
    .where('todo_id', 'in', added)
    .groupBy('todo_id')
    .having((eb) => eb.fn.countAll(), '>', MAX_LABELS_PER_TODO)
    .executeTakeFirst();
  if (full) throw new DomainError('too-many-labels');
  return added;
}
