/**
 * @jest-environment node
 *
 * SQLite statements are prepared once per SQL text (db/connect's cachingStatements), on a real
 * database file: reused with new values, bounded with the least recently used going first, and a
 * statement still being stepped by a stream is never handed out again until it is done.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  cachingStatements,
  openDatabase,
  type DatabaseHandle,
} from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { createUser } from '../../../src/server/users/repository';

let dir: string;
let sqlite: SQLite.Database;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-statements-'));
  sqlite = new SQLite(path.join(dir, 'cache.db'));
  sqlite.exec('create table items (id integer primary key, name text not null)');
  sqlite.exec("insert into items (name) values ('a'), ('b'), ('c'), ('d')");
});
afterEach(() => {
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const byId = (n: number) => `select name from items where id = ${n}`;

it('prepares a SQL text once and runs it with each call’s values', () => {
  const cache = cachingStatements(sqlite);
  const text = 'select name from items where id = ?';
  const first = cache.prepare(text);
  expect(first.all([1])).toEqual([{ name: 'a' }]);
  expect(cache.prepare(text)).toBe(first);
  expect(cache.prepare(text).all([3])).toEqual([{ name: 'c' }]);
  expect(cache.cachedStatements).toBe(1);
});

it('keeps at most its capacity, dropping the least recently used text first', () => {
  const cache = cachingStatements(sqlite, 3);
  const [one, two] = [cache.prepare(byId(1)), cache.prepare(byId(2))];
  cache.prepare(byId(3));
  expect(cache.prepare(byId(1))).toBe(one); // now the most recently used
  cache.prepare(byId(4)); // full: text 2 goes
  expect(cache.cachedStatements).toBe(3);
  expect(cache.prepare(byId(1))).toBe(one);
  const again = cache.prepare(byId(2));
  expect(again).not.toBe(two);
  expect(again.all([])).toEqual([{ name: 'b' }]);
  expect(cache.cachedStatements).toBe(3);
});

it('gives a statement that a stream is stepping to no one else until the stream ends', () => {
  const cache = cachingStatements(sqlite);
  const text = 'select name from items order by id';
  const streaming = cache.prepare(text);
  const seen: string[] = [];
  for (const row of streaming.iterate([]) as IterableIterator<{ name: string }>) {
    // better-sqlite3 refuses to run a busy statement; the cache prepares another for this use.
    const meanwhile = cache.prepare(text);
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all([])).toHaveLength(4);
    seen.push(row.name);
  }
  expect(seen).toEqual(['a', 'b', 'c', 'd']);
  expect(cache.prepare(text)).toBe(streaming);
});

describe('through Kysely and the server’s connection', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = openDatabase(`sqlite:${path.join(dir, 'server.db')}`);
    await migrateToLatest(handle.db);
  });
  afterEach(() => handle.close());

  it('streams rows while other requests run the same and other queries', async () => {
    const { db } = handle;
    const owner = await createUser(db, {
      username: 'st',
      email: 'st@example.com',
      passwordHash: 'x',
    });
    const now = new Date().toISOString();
    await db
      .insertInto('todos')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          owner_id: owner.id,
          title: `todo ${i}`,
          title_key: `todo ${i}`,
          description: null,
          completed: i % 2,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const titles = () =>
      db.selectFrom('todos').select('title').where('owner_id', '=', owner.id).orderBy('id');
    // Kysely holds SQLite's one connection for the stream: what others ask meanwhile waits its turn.
    const meanwhile: Promise<unknown[]>[] = [];
    const streamed: string[] = [];
    for await (const row of titles().stream()) {
      meanwhile.push(
        titles().execute(),
        db.selectFrom('todos').select('id').where('completed', '=', 1).execute(),
      );
      streamed.push(row.title);
    }
    expect(streamed).toEqual(Array.from({ length: 30 }, (_, i) => `todo ${i}`));
    const answers = await Promise.all(meanwhile);
    expect(answers.map((rows) => rows.length)).toEqual(meanwhile.map((_, i) => (i % 2 ? 15 : 30)));
  });
});
