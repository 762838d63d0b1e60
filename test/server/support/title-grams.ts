/**
 * What the gram counts of migration 004 should hold, worked out in JavaScript from the todos, and
 * the counts a title search should report, by LIKE and by the same rule in JavaScript.
 */
import { sql, type Kysely } from 'kysely';
import { parseListQuery } from '../../../src/server/todos/query';
import { titleKey } from '../../../src/server/todos/repository';
import { listAs } from './list-as';
import type { Database } from '../../../src/server/db/types';
import type { Dialect } from './databases';

export interface TodoFacts {
  id: number;
  owner_id: number;
  title_key: string;
  completed: number;
}

/** Characters that have tripped searches: LIKE's own, case folding that changes length, combining marks, astral ones. */
export const TRICKY_CHARACTERS = [
  'a', 'r', 'e', 'R', 'E', 'x', 'É', 'é', 'e\u0301', '\u0301', '%', '_', '\\', ' ', '😀', '🐛', 'İ', 'ß', '\u212A',
];

/**
 * What each database's LIKE sees of a title_key: SQLite's folds ASCII letters only, stops at a NUL
 * and never matches a blob (plain SQL can store one there).
 */
export function likeText(dialect: Dialect, key: string | Uint8Array): string {
  if (typeof key !== 'string') return '';
  if (dialect === 'postgres') return key;
  return key.split('\u0000')[0]!.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** The distinct substrings of 1 and 2 code points of a text. */
export function gramsOf(text: string): Set<string> {
  const chars = [...text];
  const grams = new Set<string>();
  chars.forEach((char, i) => {
    grams.add(char);
    if (i + 1 < chars.length) grams.add(char + chars[i + 1]);
  });
  return grams;
}

export type GramRow = [ownerId: number, gram: string, total: number, completed: number];

const byOwnerThenGram = (a: GramRow, b: GramRow) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

/** The rows todo_title_grams should hold for these todos. */
export function expectedGramRows(dialect: Dialect, todos: readonly TodoFacts[]): GramRow[] {
  const counts = new Map<string, GramRow>();
  for (const todo of todos) {
    for (const gram of gramsOf(likeText(dialect, todo.title_key))) {
      const id = `${todo.owner_id}\u0000${gram}`;
      const row = counts.get(id) ?? [todo.owner_id, gram, 0, 0];
      row[2] += 1;
      row[3] += todo.completed === 1 ? 1 : 0;
      counts.set(id, row);
    }
  }
  return [...counts.values()].sort(byOwnerThenGram);
}

export async function gramRows(db: Kysely<Database>, ownerIds: readonly number[]): Promise<GramRow[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db.selectFrom('todo_title_grams').selectAll().where('owner_id', 'in', ownerIds).execute();
  return rows.map((row): GramRow => [row.owner_id, row.gram, Number(row.total), Number(row.completed)]).sort(byOwnerThenGram);
}

export function allTodoFacts(db: Kysely<Database>): Promise<TodoFacts[]> {
  return db.selectFrom('todos').select(['id', 'owner_id', 'title_key', 'completed']).execute();
}

/** The todos created one at a time and not yet folded into the gram counts (PostgreSQL, migration 005). */
export async function pendingTodoIds(db: Kysely<Database>, dialect: Dialect): Promise<Set<number>> {
  if (dialect === 'sqlite') return new Set();
  const rows = await db.selectFrom('todo_title_grams_pending').select('todo_id').execute();
  return new Set(rows.map((row) => row.todo_id));
}

export const COMPLETED_FILTERS = [undefined, true, false] as const;

export interface SearchTotals {
  needle: string;
  completed: boolean | undefined;
  listed: number;
  byLike: number;
  byJs: number;
}

/** One owner's search total three ways: the list's, a fresh count(*) … like, and JavaScript's. */
export async function searchTotals(
  db: Kysely<Database>,
  dialect: Dialect,
  todos: readonly TodoFacts[],
  ownerId: number,
  needle: string,
  completed: boolean | undefined,
): Promise<SearchTotals> {
  const key = titleKey(needle);
  const filters = { title: { $contains: needle }, ...(completed !== undefined && { completed: { $eq: String(completed) } }) };
  const listed = (await listAs(db, ownerId, parseListQuery({ filters, pagination: { pageSize: '1' } }))).total;
  const pattern = `%${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const completedIs = completed === undefined ? sql`` : sql`and completed = ${Number(completed)}`;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from todos
    where owner_id = ${ownerId} and title_key like ${pattern} escape '\\' ${completedIs}`.execute(db);
  const byJs = todos.filter(
    (todo) =>
      todo.owner_id === ownerId &&
      (completed === undefined || todo.completed === Number(completed)) &&
      likeText(dialect, todo.title_key).includes(key),
  ).length;
  return { needle, completed, listed, byLike: Number(rows[0]?.n), byJs };
}

/** Every search total for these needles equals the other two counts, for each completion filter. */
export async function expectSearchTotalsExact(
  db: Kysely<Database>,
  dialect: Dialect,
  todos: readonly TodoFacts[],
  ownerIds: readonly number[],
  needles: readonly string[],
): Promise<void> {
  for (const ownerId of ownerIds) {
    for (const needle of needles) {
      for (const completed of COMPLETED_FILTERS) {
        const totals = await searchTotals(db, dialect, todos, ownerId, needle, completed);
        expect(totals).toEqual({ ...totals, listed: totals.byJs, byLike: totals.byJs });
      }
    }
  }
}
