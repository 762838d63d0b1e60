/**
 * @jest-environment node
 *
 * Migration 025 adds todos.position: a database made by an earlier release (0.1.0, holding todos)
 * comes forward with every todo at its id (unique per owner, the order of creation), its API
 * sorting by it; a project's page in that order, the Inbox's, its roots' page and their totals read
 * the owner's new indexes; and the migration goes down and up again keeping the todos.
 */
import type { Session, TodoEntity } from '../../../../src/shared/api-types';
import { down, up } from '../../../../src/server/db/migrations/025-todo-positions';
import { call, createTestApp, describeEachDialect, type TestApp } from '../../support/app';
import { queryPlan, signInReleaseUser } from '../../support/query-plan';

const INDEX = /todos_owner_project_position/;
const PLANS: [string, RegExp][] = [
  [
    'select id, title from todos where owner_id = 1 and deleted_at is null and project_id = 2 order by position asc, id asc limit 25',
    INDEX,
  ],
  [
    'select id, title from todos where owner_id = 1 and deleted_at is null and project_id is null and parent_id is null order by position asc, id asc limit 25',
    /todos_owner_project_position|todos_owner_inbox_position/,
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is null and project_id = 2 order by position desc, id desc limit 25',
    INDEX,
  ],
  [
    'select count(*) from todos where owner_id = 1 and deleted_at is null and project_id = 2 and parent_id is null',
    /todos_owner_project/,
  ],
];

describeEachDialect('migration 025 (todo positions)', (dialect) => {
  let t: TestApp;
  let ada: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { fromRelease: '0.1.0' });
    ada = await signInReleaseUser(t.app);
  });
  afterAll(() => t?.close());

  const positions = () =>
    t.database.handle.db.selectFrom('todos').select(['id', 'position']).orderBy('id').execute();

  it('gives every todo of an older database its id as position, and the API sorts by it', async () => {
    const rows = await positions();
    expect(rows).toHaveLength(33);
    expect(rows.every((row) => row.position === row.id)).toBe(true);
    const page = await call(t.app, ada, {
      method: 'GET',
      url: '/api/todos?pagination[pageSize]=100&sort=position:desc',
    });
    const listed = page.json<{ data: TodoEntity[] }>().data;
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.map((todo) => todo.attributes.position)).toEqual(
      listed.map((todo) => todo.id).sort((a, b) => b - a),
    );
  });

  it.each(PLANS)('serves %s from an index', async (query, expected) => {
    // The fixture's 31 Inbox todos are cheaper to sort than to read in order: sorting is
    // refused so the plan shows what serves the order once a list is longer.
    const plan = await queryPlan(t.database.handle.db, dialect, query, {
      analyze: ['todos'],
      noSort: true,
    });
    expect(plan).toMatch(expected);
    expect(plan).not.toMatch(/SCAN todos$|Seq Scan|USE TEMP B-TREE|Sort Key/m);
  });

  it('goes down and up again, keeping the todos (at their ids)', async () => {
    const { db } = t.database.handle;
    await db.updateTable('todos').set({ position: 7 }).execute();
    await down(db);
    await up(db);
    const rows = await positions();
    expect(rows).toHaveLength(33);
    expect(rows.every((row) => row.position === row.id)).toBe(true);
  });
});
