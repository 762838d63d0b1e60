/**
 * @jest-environment node
 *
 * Which list statements PostgreSQL plans once per connection (db/prepared planOnce): a page with no
 * filter in the order of an owner's sort index, and the counters read by key. A search or a filter
 * must be planned for its values (how many rows match decides the plan): planned once for one
 * owner's values, a title search could scan all of a 100,000-todo owner's rows to sort them.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import qs from 'qs';
import { isPlannedOnce } from '../../../src/server/db/prepared';
import type { Database } from '../../../src/server/db/types';
import { parseListQuery } from '../../../src/server/todos/query';
import { createTodo } from '../../../src/server/todos/repository';
import { createUser } from '../../../src/server/users/repository';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { listAs } from '../support/list-as';

let database: TestDatabase;
let logged: Kysely<Database>;
let ownerId: number;
const statements: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  const { db } = database.handle;
  ownerId = (await createUser(db, { username: 'ada', email: 'ada@example.com', passwordHash: 'x' })).id;
  for (const title of ['one', 'two', 'three']) await createTodo(db, ownerId, { title, description: null, completed: false });
  // A second handle on the same file whose statements go through Kysely, which logs them.
  const file = database.url.slice('sqlite:'.length);
  expect(fs.existsSync(file)).toBe(true);
  logged = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(path.resolve(file)) }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql);
    },
  });
});
afterAll(async () => {
  await logged?.destroy();
  await database?.dispose();
});

/** Whether each statement a list call runs is planned once, in the order it runs them. */
async function plannedOnce(queryString: string): Promise<boolean[]> {
  statements.length = 0;
  await listAs(logged, ownerId, parseListQuery(qs.parse(queryString)));
  return statements.map(isPlannedOnce);
}

it.each([
  ['page 1 by creation', 'sort=createdAt:asc', [true]],
  ['page 1 by id, newest first', 'sort=id:desc', [true]],
  ['page 1 by completion', 'sort=completed:desc', [true]],
  ['a deep page by title (ids picked first)', 'sort=title:desc&pagination[page]=500&pagination[pageSize]=10', [true, true]],
  ['a page past the end (its count read alone)', 'sort=updatedAt:asc&pagination[page]=2', [true, true]],
])('plans %s once', async (_name, queryString, expected) => {
  expect(await plannedOnce(queryString)).toEqual(expected);
});

it.each([
  ['a title search', 'filters[title][$contains]=on', [false]],
  ['a title search sorted by title', 'filters[title][$contains]=on&sort=title:asc', [false]],
  ['a completion filter', 'filters[completed][$eq]=false', [false]],
  ['two sort keys', 'sort=completed:asc,title:asc', [false]],
  ['the ids in an order no index holds', 'sort=title:asc,id:desc', [false]],
  ['a search past the end (its matches counted)', 'filters[title][$contains]=xyz&pagination[page]=2', [false, false]],
])('plans %s for its values', async (_name, queryString, expected) => {
  expect(await plannedOnce(queryString)).toEqual(expected);
});
