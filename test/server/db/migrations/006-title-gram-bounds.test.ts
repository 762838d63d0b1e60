/**
 * @jest-environment node
 *
 * Migration 006: `up` gives every gram row the exact bounds of the title_keys of the todos that
 * contain it, and the triggers keep them from then on; `down` leaves the counts of 004 and 005 at
 * work without them.
 */
import { migrateToLatest, migrateUpTo } from '../../../../src/server/db/migrate';
import { createTodo, updateTodo } from '../../../../src/server/todos/repository';
import { foldAllPendingTitleGrams } from '../../../../src/server/todos/title-gram-folding';
import { createUser } from '../../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, type Dialect, type TestDatabase } from '../../support/databases';
import {
  allTodoFacts, exactGramBounds, expectGramBoundsHold, expectSearchTotalsExact, expectTitleSortedSearchesExact, expectedGramRows,
  gramBounds, gramRows,
} from '../../support/title-grams';

jest.setTimeout(60_000);

const TITLES = ['Buy milk', 'Prepare soup', 'Read', 'Walk the dog', 'Store keys', 'zebra crossing', 'Éclair'];

describe.each(dialectsUnderTest())('migration 006 on %s', (dialect: Dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  it('up bounds every gram exactly; down leaves the counts exact without bounds', async () => {
    const { db } = database.handle;
    const user = await createUser(db, { username: 'bounder', email: 'bounder@example.com', passwordHash: 'x' });
    await migrateUpTo(db, '005-pending-title-grams');
    expect((await db.introspection.getTables()).find((table) => table.name === 'todo_title_grams')?.columns.map((c) => c.name)).not.toContain('first_key');
    // Written before the bounds exist: counted by 004's triggers and (PostgreSQL) pending after 005.
    const now = new Date().toISOString();
    await db
      .insertInto('todos')
      .values(TITLES.slice(0, 4).map((title) => ({ owner_id: user.id, title, title_key: title.toLowerCase(), description: null, completed: 0, created_at: now, updated_at: now })))
      .execute();
    for (const title of TITLES.slice(4)) await createTodo(db, user.id, { title, description: null, completed: title === 'Read' });

    await migrateToLatest(db);
    let todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === user.id);
    const stored = await gramBounds(db, user.id);
    const exact = exactGramBounds(dialect, todos, user.id);
    // Each gram row got the bounds of all the owner's todos that contain the gram (on PostgreSQL the
    // pending ones too, which have no gram rows of their own yet: looser bounds are allowed).
    for (const [gram, bounds] of stored) expect([gram, bounds]).toEqual([gram, exact.get(gram)]);
    if (dialect === 'sqlite') expect([...stored.keys()].sort()).toEqual([...exact.keys()].sort());
    await expectTitleSortedSearchesExact(db, dialect, todos, [user.id], ['re', 'r', 'e', 'z', 'b', 'ea', 'read', 'é', 'x']);

    // A rename across the alphabet widens the bounds of the grams the titles share.
    const [buy] = todos.filter((todo) => todo.title_key === 'buy milk');
    await updateTodo(db, user.id, buy!.id, { title: 'Yummy milk' });
    await foldAllPendingTitleGrams(db);
    todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === user.id);
    await expectGramBoundsHold(db, dialect, todos, [user.id]);
    expect((await gramBounds(db, user.id)).get('m')).toEqual(['buy milk', 'yummy milk']);
    await expectTitleSortedSearchesExact(db, dialect, todos, [user.id], ['m', 'mi', 'milk', 'y', 'u']);

    await migrateUpTo(db, '005-pending-title-grams');
    await createTodo(db, user.id, { title: 'Ready', description: null, completed: false });
    await updateTodo(db, user.id, todos[0]!.id, { title: 'Aardvark' });
    await foldAllPendingTitleGrams(db);
    todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === user.id);
    expect(await gramRows(db, [user.id])).toEqual(expectedGramRows(dialect, todos));
    await expectSearchTotalsExact(db, dialect, todos, [user.id], ['re', 'a', 'aa']);
    await migrateToLatest(db);
  });
});
