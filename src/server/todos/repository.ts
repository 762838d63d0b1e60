/** Todo persistence. Every function takes the owner's id and never reads or writes another user's rows. */
import { sql, type Kysely } from 'kysely';
import type { Database, TodoRow } from '../db/types';
import { offsetAndLimit, type ListQuery, type SortKey } from './query';

type Db = Kysely<Database>;

export interface TodoInput {
  title: string;
  description: string | null;
  completed: boolean;
}

/** The key titles are searched and sorted by: Unicode lower case, computed here so both databases agree. */
export const titleKey = (title: string): string => title.normalize('NFC').toLowerCase();

const SORT_COLUMNS = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  title: 'title_key',
  completed: 'completed',
  id: 'id',
} as const;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function ownerScope(db: Db, ownerId: number, query: Pick<ListQuery, 'titleContains' | 'completed'>) {
  let scoped = db.selectFrom('todos').where('owner_id', '=', ownerId);
  for (const needle of query.titleContains) {
    const pattern = `%${escapeLike(titleKey(needle))}%`;
    scoped = scoped.where(sql<boolean>`title_key like ${pattern} escape '\\'`);
  }
  if (query.completed !== undefined) scoped = scoped.where('completed', '=', query.completed ? 1 : 0);
  return scoped;
}

/** Sort keys plus the id, in the first key's direction, so equal keys never make a page repeat or skip a row. */
function withTieBreak(sort: SortKey[]): SortKey[] {
  if (sort.some((key) => key.field === 'id')) return sort;
  return [...sort, { field: 'id', direction: sort[0]?.direction ?? 'asc' }];
}

export async function listTodos(db: Db, ownerId: number, query: ListQuery): Promise<{ rows: TodoRow[]; total: number }> {
  const scoped = ownerScope(db, ownerId, query);
  const { count } = await scoped.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const total = Number(count);
  const { offset, limit } = offsetAndLimit(query.pagination);
  if (offset >= total) return { rows: [], total };
  let page = scoped.selectAll();
  for (const key of withTieBreak(query.sort)) page = page.orderBy(SORT_COLUMNS[key.field], key.direction);
  const rows = await page.limit(limit).offset(offset).execute();
  return { rows, total };
}

/** All of one owner's todos, oldest first (for users/me?populate=todos). */
export function listAllTodos(db: Db, ownerId: number): Promise<TodoRow[]> {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findTodo(db: Db, ownerId: number, id: number): Promise<TodoRow | undefined> {
  return db.selectFrom('todos').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

export function createTodo(db: Db, ownerId: number, input: TodoInput, now = new Date()): Promise<TodoRow> {
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

export function updateTodo(
  db: Db,
  ownerId: number,
  id: number,
  patch: Partial<TodoInput>,
  now = new Date(),
): Promise<TodoRow | undefined> {
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
