/**
 * @jest-environment node
 *
 * Migration 017 adds todos.priority: a database made by an earlier release (0.1.0, holding todos)
 * comes forward with every existing todo at 0 (none), its API answering priority 0; the priority
 * sort in both directions and its filter read the owner's new index; and the migration goes down
 * and up again keeping the todos.
 */
import type { Session, TodoEntity } from '../../../../src/shared/api-types';
import { down, up } from '../../../../src/server/db/migrations/017-todo-priority';
import { call, createTestApp, describeEachDialect, type TestApp } from '../../support/app';
import { queryPlan, signInReleaseUser } from '../../support/query-plan';

const PLANS: [string, RegExp][] = [
  [
    'select id from todos where owner_id = 1 and deleted_at is null order by priority desc, id desc limit 25',
    /COVERING INDEX todos_owner_priority|Index Only Scan Backward using todos_owner_priority/,
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is null order by priority asc, id asc limit 25',
    /COVERING INDEX todos_owner_priority|Index Only Scan using todos_owner_priority/,
  ],
  [
    'select count(*) from todos where owner_id = 1 and deleted_at is null and priority >= 2',
    /todos_owner_priority/,
  ],
];

describeEachDialect('migration 017 (priority)', (dialect) => {
  let t: TestApp;
  let ada: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { fromRelease: '0.1.0' });
    ada = await signInReleaseUser(t.app);
  });
  afterAll(() => t?.close());

  const priorities = () =>
    t.database.handle.db.selectFrom('todos').select(['id', 'priority']).orderBy('id').execute();

  it('gives every todo of an older database priority 0, and the API says so', async () => {
    const rows = await priorities();
    expect(rows).toHaveLength(33);
    expect(new Set(rows.map((row) => row.priority))).toEqual(new Set([0]));
    const page = await call(t.app, ada, {
      method: 'GET',
      url: '/api/todos?pagination[pageSize]=100&filters[priority][$eq]=0',
    });
    const body = page.json<{ data: TodoEntity[]; meta: { pagination: { total: number } } }>();
    expect(body.meta.pagination.total).toBe(31);
    expect(body.data.every((todo) => todo.attributes.priority === 0)).toBe(true);
  });

  it.each(PLANS)('serves %s from an index', async (query, expected) => {
    // With statistics, as autovacuum keeps them: without, PostgreSQL picks among the owner's
    // indexes of equal estimated cost (later migrations add more).
    // Whether an index serves the order, not whether sorting 33 rows is cheaper (it is).
    const plan = await queryPlan(t.database.handle.db, dialect, query, {
      analyze: ['todos'],
      noSort: true,
    });
    expect(plan).toMatch(expected);
    expect(plan).not.toMatch(/SCAN todos$|Seq Scan|USE TEMP B-TREE/m);
  });

  it('goes down and up again, keeping the todos (at priority 0)', async () => {
    const { db } = t.database.handle;
    await db.updateTable('todos').set({ priority: 3 }).execute();
    await down(db);
    await up(db);
    const rows = await priorities();
    expect(rows).toHaveLength(33);
    expect(new Set(rows.map((row) => row.priority))).toEqual(new Set([0]));
  });
});
