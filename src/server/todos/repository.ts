/** Todo persistence: every function takes the owner's id and never reads or writes another user's rows. */
import type { Kysely } from 'kysely';
import { onPostgres } from '../db/dialect';
import type { Database, TodoRow } from '../db/types';

type Db = Kysely<Database>;

export interface TodoInput {
  title: string;
  description: string | null;
  completed: boolean;
}

/** The key titles are searched and sorted by: Unicode lower case, computed here so both databases agree. */
export const titleKey = (title: string): string => title.normalize('NFC').toLowerCase();

export function findTodo(db: Db, ownerId: number, id: number): Promise<TodoRow | undefined> {
  return db.selectFrom('todos').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** One owner's oldest todos, oldest first (users/me?populate=todos). */
export function allTodos(db: Db, ownerId: number, limit: number): Promise<TodoRow[]> {
  return db.selectFrom('todos').selectAll().where('owner_id', '=', ownerId).orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** Thrown when a create would take an owner past MAX_TODOS_PER_USER. */
export class TodoLimitError extends Error {}

/**
 * A new todo, unless the owner keeps `maxTodos` already. The count and the insert share one
 * transaction, and on PostgreSQL the owner's row is locked first, so concurrent creates of one
 * owner take turns and cannot overshoot (SQLite runs one write transaction at a time anyway).
 */
export function createTodo(
  db: Db,
  ownerId: number,
  input: TodoInput,
  { maxTodos = Infinity, now = new Date() }: { maxTodos?: number; now?: Date } = {},
): Promise<TodoRow> {
  return db.transaction().execute(async (trx) => {
    if (onPostgres(db)) await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    const kept = await trx.selectFrom('todos').where('owner_id', '=', ownerId).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    if (Number(kept?.n ?? 0) >= maxTodos) throw new TodoLimitError('Todo limit reached');
    return insertTodo(trx, ownerId, input, now);
  });
}

function insertTodo(db: Db, ownerId: number, input: TodoInput, now: Date): Promise<TodoRow> {
  const timestamp = now.toISOString();
  return db
    .insertInto('todos')
    .values({
      owner_id: ownerId,
      title: input.title,
      title_key: titleKey(input.title),
      description: input.description,
      completed: input.completed ? 1 : 0,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateTodo(db: Db, ownerId: number, id: number, patch: Partial<TodoInput>, now = new Date()): Promise<TodoRow | undefined> {
  return db
    .updateTable('todos')
    .set({
      ...(patch.title !== undefined && { title: patch.title, title_key: titleKey(patch.title) }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.completed !== undefined && { completed: patch.completed ? 1 : 0 }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}

export function deleteTodo(db: Db, ownerId: number, id: number): Promise<TodoRow | undefined> {
  return db.deleteFrom('todos').where('id', '=', id).where('owner_id', '=', ownerId).returningAll().executeTakeFirst();
}
