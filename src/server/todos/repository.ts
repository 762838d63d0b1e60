/**
 * Todo persistence: every function takes the owner's id and never reads or writes another user's
 * rows. These read and change live todos only; the trash has its own module (trash.ts).
 */
import type { Kysely } from 'kysely';
import type { Database, TodoRow } from '../db/types';
import { ownerTransaction, recordEvent } from '../events/journal';

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

/** Thrown when a create or an import would take an owner past MAX_TODOS_PER_USER. */
export class TodoLimitError extends Error {}

/** A todo as an import brings it: its dates are the file's (or the time of the import). */
export type ImportedTodo = TodoInput & { createdAt: string; updatedAt: string };

/**
 * Makes room for `adding` todos, unless the owner would pass `maxTodos` live ones. The trash counts but
 * never blocks: its oldest todos go for good. Run in an ownerTransaction, so concurrent writes cannot
 * overshoot (it locks the owner on PostgreSQL; SQLite writes one at a time anyway).
 */
async function makeRoom(trx: Db, ownerId: number, adding: number, maxTodos: number): Promise<void> {
  // Two counts, each served by its own partial index (migration 009) without reading a row.
  const count = async (trashed: boolean) => {
    const owned = trx.selectFrom('todos').where('owner_id', '=', ownerId).where('deleted_at', trashed ? 'is not' : 'is', null);
    return Number((await owned.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
  };
  const live = await count(false);
  if (live + adding > maxTodos) throw new TodoLimitError('Todo limit reached');
  const over = live + (await count(true)) + adding - maxTodos;
  if (over <= 0) return;
  const oldest = trx.selectFrom('todos').select('id').where('owner_id', '=', ownerId).where('deleted_at', 'is not', null);
  await trx.deleteFrom('todos').where('id', 'in', oldest.orderBy('deleted_at').orderBy('id').limit(over)).execute();
}

const rowOf = (ownerId: number, todo: ImportedTodo) => ({
  owner_id: ownerId,
  title: todo.title,
  title_key: titleKey(todo.title),
  description: todo.description,
  completed: todo.completed ? 1 : 0,
  created_at: todo.createdAt,
  updated_at: todo.updatedAt,
});

/** A new todo, unless the owner keeps `maxTodos` live ones (see makeRoom). */
export function createTodo(db: Db, ownerId: number, input: TodoInput, { maxTodos = Infinity, now = new Date() } = {}): Promise<TodoRow> {
  const row = rowOf(ownerId, { ...input, createdAt: now.toISOString(), updatedAt: now.toISOString() });
  return ownerTransaction(db, ownerId, async (trx) => {
    await makeRoom(trx, ownerId, 1, maxTodos);
    const created = await trx.insertInto('todos').values(row).returningAll().executeTakeFirstOrThrow();
    await recordEvent(trx, ownerId, 'created', created.id);
    return created;
  });
}

/** Rows a statement inserts: well under SQLite's 32,766 bound variables at 7 a row. */
const IMPORT_CHUNK = 500;

/** Adds `todos` to the owner's, all or none (one transaction, the limit checked as by createTodo). */
export function importTodos(db: Db, ownerId: number, todos: ImportedTodo[], maxTodos = Infinity): Promise<number> {
  return ownerTransaction(db, ownerId, async (trx) => {
    await makeRoom(trx, ownerId, todos.length, maxTodos);
    const ids: number[] = [];
    for (let start = 0; start < todos.length; start += IMPORT_CHUNK) {
      const chunk = todos.slice(start, start + IMPORT_CHUNK).map((todo) => rowOf(ownerId, todo));
      ids.push(...(await trx.insertInto('todos').values(chunk).returning('id').execute()).map((row) => row.id));
    }
    if (ids.length > 0) await recordEvent(trx, ownerId, 'created', ids);
    return ids.length;
  });
}

export function updateTodo(db: Db, ownerId: number, id: number, patch: Partial<TodoInput>, now = new Date()): Promise<TodoRow | undefined> {
  return ownerTransaction(db, ownerId, async (trx) => {
    const updated = await trx
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
    if (updated) await recordEvent(trx, ownerId, 'updated', id);
    return updated;
  });
}
