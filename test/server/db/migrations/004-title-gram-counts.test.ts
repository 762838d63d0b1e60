/**
 * @jest-environment node
 *
 * Migration 004: an upgrade counts the grams of the todos already there, `down` removes the
 * counts and their triggers, and a title_key of any length or content is counted as the
 * database's LIKE sees it — never in part.
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connect';
import { migrateToLatest, migrateUpTo } from '../../../../src/server/db/migrate';
import type { Database } from '../../../../src/server/db/types';
import { createTodo } from '../../../../src/server/todos/repository';
import { foldAllPendingTitleGrams } from '../../../../src/server/todos/title-gram-folding';
import { createUser } from '../../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, dropEverything, type Dialect, type TestDatabase } from '../../support/databases';
import { TRICKY_CHARACTERS, allTodoFacts, expectSearchTotalsExact, expectedGramRows, gramRows, pendingTodoIds } from '../../support/title-grams';

jest.setTimeout(120_000);

/** Inserts todos with these title_keys as a bulk loader would: plain SQL, keys stored as given. */
async function insertKeys(db: Kysely<Database>, ownerId: number, keys: string[], completed = (i: number) => i % 2): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('todos')
    .values(keys.map((key, i) => ({
      owner_id: ownerId, title: key.slice(0, 20) || '-', title_key: key, description: null,
      completed: completed(i), created_at: now, updated_at: now,
    })))
    .execute();
}

/**
 * The grams count every todo of these owners but those pending (PostgreSQL's todos created one at
 * a time, migration 005), the search totals count them all, and a fold leaves none pending.
 */
async function expectExact(db: Kysely<Database>, dialect: Dialect, ownerIds: number[], needles: string[]): Promise<void> {
  const todos = (await allTodoFacts(db)).filter((todo) => ownerIds.includes(todo.owner_id));
  const pending = await pendingTodoIds(db, dialect);
  expect(await gramRows(db, ownerIds)).toEqual(expectedGramRows(dialect, todos.filter((todo) => !pending.has(todo.id))));
  await expectSearchTotalsExact(db, dialect, todos, ownerIds, needles);
  await foldAllPendingTitleGrams(db);
  expect(await gramRows(db, ownerIds)).toEqual(expectedGramRows(dialect, todos));
}

const gramTableExists = async (db: Kysely<Database>) =>
  (await db.introspection.getTables()).some((table) => table.name === 'todo_title_grams');

describe.each(dialectsUnderTest())('migration 004 on %s', (dialect: Dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  describe('upgrading a database that has todos', () => {
    let old: TestDatabase;
    let handle: DatabaseHandle;
    const owners: number[] = [];
    beforeAll(async () => {
      old = await createTestDatabase(dialect);
      await old.handle.close();
      handle = openDatabase(old.url);
      await dropEverything(handle.db, dialect);
      await migrateUpTo(handle.db, '003-todo-counts');
      for (const name of ['olda', 'oldb', 'oldc']) {
        owners.push((await createUser(handle.db, { username: name, email: `${name}@example.com`, passwordHash: 'x' })).id);
      }
      for (const [i, title] of ['Read the news', 'Rest', 'É%_\\ 😀', 'İstanbul trip', 'e\u0301t\u00e9'].entries()) {
        await createTodo(handle.db, owners[i % 2]!, { title, description: null, completed: i % 3 === 0 });
      }
      await insertKeys(handle.db, owners[0]!, ['READ', 'Zoë', '', 'x'.repeat(3000) + 'zq']);
      await migrateToLatest(handle.db);
    });
    afterAll(async () => {
      await handle?.close();
      await old?.dispose();
    });

    it('counts the grams of the todos that were there before', async () => {
      await expectExact(handle.db, dialect, owners, [...TRICKY_CHARACTERS, 're', 'zq', 'ë', 'i\u0307']);
    });

    it('down removes the counts; up again recounts, and writes in between are counted', async () => {
      await migrateUpTo(handle.db, '003-todo-counts');
      expect(await gramTableExists(handle.db)).toBe(false);
      await createTodo(handle.db, owners[2]!, { title: 'written while down', description: null, completed: true });
      await migrateToLatest(handle.db);
      await expectExact(handle.db, dialect, owners, ['w', 'wn', ' ', 'e']);
    });
  });

  it('counts a title_key of any length in full, and forgets it in full', async () => {
    const { db } = database.handle;
    const user = await createUser(db, { username: 'longkeys', email: 'longkeys@example.com', passwordHash: 'x' });
    // The longest key the API can store (255 characters, U+FB2C normalised to three each) and longer ones.
    await createTodo(db, user.id, { title: '\uFB2C'.repeat(254) + 'İ', description: null, completed: true });
    await insertKeys(db, user.id, ['ab'.repeat(2500) + '😀q', '%'.repeat(5000) + 'zz']);
    await expectExact(db, dialect, [user.id], ['q', '😀q', '\u05C1i', 'i\u0307', '\u05BC\u05C1', 'ba', '%', '%z', 'zz', 'z']);
    await db.updateTable('todos').set({ title_key: sql`title_key || 'k'` }).where('owner_id', '=', user.id).execute();
    await expectExact(db, dialect, [user.id], ['qk', 'zk', 'k', 'zz']);
    await db.deleteFrom('todos').where('owner_id', '=', user.id).execute();
    expect(await gramRows(db, [user.id])).toEqual([]);
  });

  (dialect === 'sqlite' ? it : it.skip)('on SQLite, follows LIKE over upper-case letters, NUL characters and blobs', async () => {
    const { db } = database.handle;
    const user = await createUser(db, { username: 'oddkeys', email: 'oddkeys@example.com', passwordHash: 'x' });
    await insertKeys(db, user.id, ['REad', 'ab\u0000re', 'Ünï']);
    // LIKE never matches a blob here (SQLITE_LIKE_DOESNT_MATCH_BLOBS), so it has no grams.
    await sql`insert into todos (owner_id, title, title_key, completed, created_at, updated_at)
              values (${user.id}, 'blob', x'7265', 1, 't', 't')`.execute(db);
    await expectExact(db, dialect, [user.id], ['re', 'r', 'b', 'ab', 'ü', 'ün', 'Ü']);
    await sql`update todos set title_key = cast(title_key as text) where title = 'blob'`.execute(db);
    await expectExact(db, dialect, [user.id], ['re', 'r']);
    await db.deleteFrom('todos').where('owner_id', '=', user.id).execute();
    expect(await gramRows(db, [user.id])).toEqual([]);
  });
});
