/**
 * Todo persistence: every function takes the owner's id and never reads or writes another user's
 * rows. These read and change live todos only; the trash has its own module (trash.ts).
 */
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
  return db.selectFrom('todos').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).where('deleted_at', 'is', null).executeTakeFirst();
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

/** Thrown when a create would take an owner past MAX_TODOS_PER_USER. */
export class TodoLimitError extends Error {}

/**
 * A new todo, unless the owner keeps `maxTodos` live ones. The trash counts toward the limit but
 * never blocks a create: its oldest todos make room. One transaction, the owner's row locked first
 * on PostgreSQL, so concurrent creates cannot overshoot (SQLite writes one at a time anyway).
 */
export function createTodo(
  db: Db,
  ownerId: number,
  input: TodoInput,
  { maxTodos = Infinity, now = new Date() }: { maxTodos?: number; now?: Date } = {},
): Promise<TodoRow> {
  return db.transaction().execute(async (trx) => {
    if (onPostgres(db)) await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    // Two counts, each served by its own partial index (migration 009) without reading a row.
    const count = async (trashed: boolean) => {
      const owned = trx.selectFrom('todos').where('owner_id', '=', ownerId).where('deleted_at', trashed ? 'is not' : 'is', null);
      return Number((await owned.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    };
    const live = await count(false);
    if (live >= maxTodos) throw new TodoLimitError('Todo limit reached');
    const over = live + (await count(true)) - maxTodos + 1;
    if (over > 0) {
      const oldest = trx.selectFrom('todos').select('id').where('owner_id', '=', ownerId).where('deleted_at', 'is not', null);
      const ids = (await oldest.orderBy('deleted_at').orderBy('id').limit(over).execute()).map((row) => row.id);
      await trx.deleteFrom('todos').where('id', 'in', ids).execute();
    }
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
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
