/**
 * @jest-environment node
 *
 * Migration 020 adds subtasks: a database made by an earlier release (0.1.0, holding todos) comes
 * forward with every todo a root; a page of roots with its total, a page's subtasks and the foreign
 * key's lookups read the new indexes; the migration goes down and up again keeping the todos.
 */
import type { Session, TodoEntity } from '../../../../src/shared/api-types';
import { down, up } from '../../../../src/server/db/migrations/020-subtasks';
import * as positions from '../../../../src/server/db/migrations/025-todo-positions';
import * as openCounts from '../../../../src/server/db/migrations/026-open-counts';
import { call, createTestApp, describeEachDialect, type TestApp } from '../../support/app';
import { queryPlan, signInReleaseUser } from '../../support/query-plan';

/** Queries of owner 1 (ada) whose first todos are parents, and the index each reads. */
const plans = (parents: number[]): [string, RegExp][] => [
  [
    'select id from todos where owner_id = 1 and parent_id is null and deleted_at is null order by created_at, id limit 25',
    // PostgreSQL may read the default order's index instead, skipping the few subtasks.
    /COVERING INDEX todos_owner_parent|Index Only Scan using todos_owner_parent|Index Scan using todos_owner_created/,
  ],
  [
    'select count(*) from todos where owner_id = 1 and parent_id is null and deleted_at is null',
    /todos_owner_parent/,
  ],
  // populate's subtasks of a page, one query per level.
  [
    `select id, created_at from todos where owner_id = 1 and parent_id in (${parents.join(', ')}) and deleted_at is null`,
    /todos_owner_parent|todos_parent/,
  ],
  // What the foreign key's ON DELETE SET NULL looks for when a todo is purged.
  [`select id from todos where parent_id = ${parents[0]}`, /todos_parent/],
];

describeEachDialect('migration 020 (subtasks)', (dialect) => {
  let t: TestApp;
  let ada: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { fromRelease: '0.1.0' });
    ada = await signInReleaseUser(t.app);
  });
  afterAll(() => t?.close());

  const parentIds = () =>
    t.database.handle.db.selectFrom('todos').select(['id', 'parent_id']).orderBy('id').execute();

  it('makes every todo of an older database a root, and the API says so', async () => {
    const rows = await parentIds();
    expect(rows).toHaveLength(33);
    expect(new Set(rows.map((row) => row.parent_id))).toEqual(new Set([null]));
    const roots = await call(t.app, ada, {
      method: 'GET',
      url: '/api/todos?pagination[pageSize]=100&filters[parent][id][$null]=true&populate=*',
    });
    const body = roots.json<{ data: TodoEntity[]; meta: { pagination: { total: number } } }>();
    expect(body.meta.pagination.total).toBe(31);
    expect(
      body.data.every(
        (todo) =>
          todo.attributes.parent?.data === null && todo.attributes.subtasks?.data.length === 0,
      ),
    ).toBe(true);
  });

  it('serves the roots, a page’s subtasks and the foreign key from indexes', async () => {
    const { db } = t.database.handle;
    const rows = await parentIds();
    const parents = rows.slice(0, 3).map((row) => row.id);
    // A few subtasks under the first todos, as in an account that uses them.
    await db
      .updateTable('todos')
      .set({ parent_id: parents[0]! })
      .where(
        'id',
        'in',
        rows.slice(5, 9).map((row) => row.id),
      )
      .execute();
    for (const [query, expected] of plans(parents)) {
      // Whether an index serves the order, not whether sorting 33 rows is cheaper (it is).
      const plan = await queryPlan(db, dialect, query, { analyze: ['todos'], noSort: true });
      expect([query, plan]).toEqual([query, expect.stringMatching(expected)]);
      expect(plan).not.toMatch(/SCAN todos$|Seq Scan|USE TEMP B-TREE FOR ORDER/m);
    }
  });

  it('goes down and up again, keeping the todos (as roots)', async () => {
    const { db } = t.database.handle;
    // Migration 025 indexes parent_id and 026 counts roots in its triggers: they go first.
    await openCounts.down(db);
    await positions.down(db);
    await down(db);
    await up(db);
    await positions.up(db);
    await openCounts.up(db);
    const rows = await parentIds();
    expect(rows).toHaveLength(33);
    expect(new Set(rows.map((row) => row.parent_id))).toEqual(new Set([null]));
  });
});
