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

/** Orders texts by code point, as SQLite's BINARY and PostgreSQL's "C" collation compare title_keys. */
export function byCodePoint(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

export type GramBounds = Map<string, [first: string, last: string]>;

/** The bounds of one owner's grams as stored (migration 006), by gram. */
export async function gramBounds(db: Kysely<Database>, ownerId: number): Promise<GramBounds> {
  const rows = await db.selectFrom('todo_title_grams').select(['gram', 'first_key', 'last_key']).where('owner_id', '=', ownerId).execute();
  return new Map(rows.map((row) => [row.gram, [row.first_key, row.last_key]]));
}

/** The tightest bounds of one owner's grams: the least and greatest title_key of the todos containing each. */
export function exactGramBounds(dialect: Dialect, todos: readonly TodoFacts[], ownerId: number): GramBounds {
  const bounds: GramBounds = new Map();
  for (const todo of todos.filter((each) => each.owner_id === ownerId)) {
    for (const gram of gramsOf(likeText(dialect, todo.title_key))) {
      const [first, last] = bounds.get(gram) ?? [todo.title_key, todo.title_key];
      bounds.set(gram, [byCodePoint(todo.title_key, first) < 0 ? todo.title_key : first, byCodePoint(todo.title_key, last) > 0 ? todo.title_key : last]);
    }
  }
  return bounds;
}

/** Every counted todo's title_key lies within the bounds of each of its grams (looser bounds are allowed). */
export async function expectGramBoundsHold(db: Kysely<Database>, dialect: Dialect, counted: readonly TodoFacts[], ownerIds: readonly number[]) {
  const outside: unknown[] = [];
  for (const ownerId of ownerIds) {
    const stored = await gramBounds(db, ownerId);
    for (const [gram, [first, last]] of exactGramBounds(dialect, counted, ownerId)) {
      const bounds = stored.get(gram);
      if (!bounds || byCodePoint(bounds[0], first) > 0 || byCodePoint(bounds[1], last) < 0) outside.push({ ownerId, gram, stored: bounds, needed: [first, last] });
    }
  }
  expect(outside).toEqual([]);
}

/**
 * Every search sorted by title (both directions, pages 1 and 2 of 3) lists exactly the todos that
 * JavaScript finds, in code point order of their title_keys, ties by id.
 */
export async function expectTitleSortedSearchesExact(
  db: Kysely<Database>,
  dialect: Dialect,
  todos: readonly TodoFacts[],
  ownerIds: readonly number[],
  needles: readonly string[],
): Promise<void> {
  const wrong: unknown[] = [];
  for (const ownerId of ownerIds) {
    for (const needle of needles) {
      const key = titleKey(needle);
      const ascending = todos
        .filter((todo) => todo.owner_id === ownerId && likeText(dialect, todo.title_key).includes(key))
        .sort((a, b) => byCodePoint(a.title_key, b.title_key) || a.id - b.id)
        .map((todo) => todo.id);
      for (const direction of ['asc', 'desc'] as const) {
        const expected = direction === 'asc' ? ascending : [...ascending].reverse();
        for (const page of [1, 2]) {
          const query = parseListQuery({ filters: { title: { $contains: needle } }, sort: `title:${direction}`, pagination: { page: String(page), pageSize: '3' } });
          const listed = (await listAs(db, ownerId, query)).rows.map((row) => row.id);
          const want = expected.slice((page - 1) * 3, page * 3);
          if (JSON.stringify(listed) !== JSON.stringify(want)) wrong.push({ ownerId, needle, direction, page, listed, want });
        }
      }
    }
  }
  expect(wrong).toEqual([]);
}
