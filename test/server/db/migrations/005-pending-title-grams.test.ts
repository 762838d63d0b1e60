/**
 * @jest-environment node
 *
 * Migration 005 (PostgreSQL): `down` counts the todos still pending into the grams before it drops
 * their notes, so migration 004's triggers take over exact counts; `up` again pends new todos.
 */
import { migrateToLatest, migrateUpTo } from '../../../../src/server/db/migrate';
import { createTodo } from '../../../../src/server/todos/repository';
import { createUser } from '../../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../support/databases';
import { allTodoFacts, expectSearchTotalsExact, expectedGramRows, gramRows, pendingTodoIds } from '../../support/title-grams';

jest.setTimeout(60_000);

const onPostgres = dialectsUnderTest().includes('postgres');

(onPostgres ? describe : describe.skip)('migration 005 on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.dispose());

  it('down counts the pending todos; up pends the next ones again', async () => {
    const { db } = database.handle;
    const user = await createUser(db, { username: 'pender', email: 'pender@example.com', passwordHash: 'x' });
    for (const title of ['Read', 'Rest', 'zz']) await createTodo(db, user.id, { title, description: null, completed: title === 'Rest' });
    expect((await pendingTodoIds(db, 'postgres')).size).toBe(3);

    await migrateUpTo(db, '004-title-gram-counts');
    expect((await db.introspection.getTables()).some((table) => table.name === 'todo_title_grams_pending')).toBe(false);
    let todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === user.id);
    expect(await gramRows(db, [user.id])).toEqual(expectedGramRows('postgres', todos));
    // 004's insert trigger counts at once again.
    await createTodo(db, user.id, { title: 'ready', description: null, completed: false });
    todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === user.id);
    expect(await gramRows(db, [user.id])).toEqual(expectedGramRows('postgres', todos));

    await migrateToLatest(db);
    await createTodo(db, user.id, { title: 'tree', description: null, completed: true });
    expect((await pendingTodoIds(db, 'postgres')).size).toBe(1);
    todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === user.id);
    await expectSearchTotalsExact(db, 'postgres', todos, [user.id], ['re', 'r', 'e', 'z', 'ee']);
  });
});
