/**
 * @jest-environment node
 *
 * PostgreSQL (migration 005): the server counts the titles of the todos its API created into the
 * search grams about a second later, and at start those another process left pending. Before and
 * after, a search's total is exact.
 */
import { buildApp } from '../../../src/server/app';
import { createTodo as createTodoInDb } from '../../../src/server/todos/repository';
import { call, createTestApp, createTodo, credentials, register, type TestApp } from '../support/app';
import { dialectsUnderTest } from '../support/databases';
import { allTodoFacts, expectedGramRows, gramRows, pendingTodoIds } from '../support/title-grams';

jest.setTimeout(60_000);

const onPostgres = dialectsUnderTest().includes('postgres');

/** Polls until `check` holds or `ms` pass; whether it held. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

(onPostgres ? describe : describe.skip)('title gram folding by the server [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  const searchTotal = async (session: Awaited<ReturnType<typeof register>>, needle: string) => {
    const response = await call(t.app, session, { method: 'GET', url: `/api/todos?filters[title][$contains]=${needle}` });
    return response.json<{ meta: { pagination: { total: number } } }>().meta.pagination.total;
  };

  it('counts the todos the API created shortly after, with exact totals all along', async () => {
    const { db } = t.database.handle;
    const session = await register(t.app, credentials('fold'));
    for (const title of ['Read the report', 'Rest', 'write', 'zz']) await createTodo(t.app, session, { title });
    expect((await pendingTodoIds(db, 'postgres')).size).toBe(4);
    expect(await searchTotal(session, 're')).toBe(2);
    expect(await searchTotal(session, 'z')).toBe(1);
    expect(await within(5000, async () => (await pendingTodoIds(db, 'postgres')).size === 0)).toBe(true);
    const todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === session.user.id);
    expect(await gramRows(db, [session.user.id])).toEqual(expectedGramRows('postgres', todos));
    expect(await searchTotal(session, 're')).toBe(2);
  });

  it('at start, a server counts what another process left pending', async () => {
    const { db } = t.database.handle;
    const session = await register(t.app, credentials('leftover'));
    // Written straight to the database, as the admin command or a stopped server would leave them.
    for (const title of ['left over', 'another']) await createTodoInDb(db, session.user.id, { title, description: null, completed: false });
    expect((await pendingTodoIds(db, 'postgres')).size).toBe(2);
    const second = await buildApp(t.config, db);
    await second.ready();
    try {
      expect(await within(5000, async () => (await pendingTodoIds(db, 'postgres')).size === 0)).toBe(true);
    } finally {
      await second.close();
    }
    const todos = (await allTodoFacts(db)).filter((todo) => todo.owner_id === session.user.id);
    expect(await gramRows(db, [session.user.id])).toEqual(expectedGramRows('postgres', todos));
  });
});
