/**
 * @jest-environment node
 *
 * Migration 018 adds projects: a database made by an earlier release (0.1.0, holding todos) comes
 * forward with every todo in the Inbox (no project) and no project; names are unique per owner
 * among live projects, case-insensitively; a project's todos, the Inbox and the open counts per
 * project read the new indexes; the migration goes down and up again keeping the todos.
 */
import type { Session, TodoEntity } from '../../../../src/shared/api-types';
import { down, up } from '../../../../src/server/db/migrations/018-projects';
import * as caldav from '../../../../src/server/db/migrations/022-caldav';
import * as caldavLabels from '../../../../src/server/db/migrations/023-caldav-labels';
import * as positions from '../../../../src/server/db/migrations/025-todo-positions';
import * as openCounts from '../../../../src/server/db/migrations/026-open-counts';
import * as pendingParents from '../../../../src/server/db/migrations/027-caldav-pending-parents';
import { call, createTestApp, describeEachDialect, type TestApp } from '../../support/app';
import { queryPlan, signInReleaseUser } from '../../support/query-plan';

/** Queries of owner 1 (ada) and her project `p`, and the index each reads. */
const plans = (p: number): [string, RegExp][] => [
  [
    `select id from todos where owner_id = 1 and project_id = ${p} and deleted_at is null order by created_at, id limit 25`,
    // PostgreSQL may sort a small project's few rows read from todos_project instead.
    /COVERING INDEX todos_owner_project|Index Only Scan using todos_owner_project|todos_project/,
  ],
  [
    'select count(*) from todos where owner_id = 1 and project_id is null and deleted_at is null',
    /todos_owner_project/,
  ],
  [
    'select project_id, count(*) from todos where owner_id = 1 and completed = 0 and deleted_at is null group by project_id',
    /todos_owner_open_project/,
  ],
  // What the foreign key's ON DELETE SET NULL looks for when a project is purged.
  [`select id from todos where project_id = ${p}`, /todos_project/],
];

describeEachDialect('migration 018 (projects)', (dialect) => {
  let t: TestApp;
  let ada: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { fromRelease: '0.1.0' });
    ada = await signInReleaseUser(t.app);
  });
  afterAll(() => t?.close());

  const projectIds = () =>
    t.database.handle.db.selectFrom('todos').select(['id', 'project_id']).orderBy('id').execute();
  const newProject = (name: string, deletedAt: string | null = null) =>
    t.database.handle.db
      .insertInto('projects')
      .values({
        owner_id: ada.user.id,
        name,
        name_key: name.toLowerCase(),
        color: '#336699',
        position: 0,
        archived: 0,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        deleted_at: deletedAt,
      })
      .execute();

  it('puts every todo of an older database in the Inbox, with no project, and the API says so', async () => {
    const rows = await projectIds();
    expect(rows).toHaveLength(33);
    expect(new Set(rows.map((row) => row.project_id))).toEqual(new Set([null]));
    expect(await t.database.handle.db.selectFrom('projects').selectAll().execute()).toEqual([]);
    const inbox = await call(t.app, ada, {
      method: 'GET',
      url: '/api/todos?pagination[pageSize]=100&filters[project][id][$null]=true&populate=*',
    });
    const body = inbox.json<{ data: TodoEntity[]; meta: { pagination: { total: number } } }>();
    expect(body.meta.pagination.total).toBe(31);
    expect(body.data.every((todo) => todo.attributes.project?.data === null)).toBe(true);
    const projects = await call(t.app, ada, { method: 'GET', url: '/api/projects' });
    expect(projects.json().data).toEqual([]);
    const counts = await call(t.app, ada, { method: 'GET', url: '/api/todos/counts' });
    expect(counts.json().data).toMatchObject({ inbox: expect.any(Number), projects: [] });
  });

  it('keeps live names unique per owner whatever their case; a trashed one may repeat', async () => {
    await newProject('Errands', '2026-01-02T00:00:00.000Z');
    await newProject('Errands');
    await expect(newProject('errands')).rejects.toMatchObject({
      message: expect.stringMatching(/unique/i),
    });
    await t.database.handle.db.deleteFrom('projects').execute();
  });

  it('serves a project’s todos, the Inbox, the open counts and the foreign key from indexes', async () => {
    const { db } = t.database.handle;
    await newProject('Small');
    await newProject('Large');
    const [small, large] = await db.selectFrom('projects').select('id').orderBy('id').execute();
    // A small project, a large one and a small Inbox, as in a sorted account.
    await db.updateTable('todos').set({ project_id: small!.id }).where('id', '<=', 3).execute();
    await db.updateTable('todos').set({ project_id: large!.id }).where('id', '>', 6).execute();
    for (const [query, expected] of plans(small!.id)) {
      const plan = await queryPlan(db, dialect, query, { analyze: ['todos'] });
      expect([query, plan]).toEqual([query, expect.stringMatching(expected)]);
      expect(plan).not.toMatch(/SCAN todos$|Seq Scan|USE TEMP B-TREE FOR ORDER/m);
    }
    await db.updateTable('todos').set({ project_id: null }).execute();
    await db.deleteFrom('projects').execute();
  });

  it('goes down and up again, keeping the todos (in the Inbox)', async () => {
    const { db } = t.database.handle;
    await newProject('Work');
    const work = await db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
    await db.updateTable('todos').set({ project_id: work.id }).execute();
    // Migration 025 indexes project_id; 022, 023 (CalDAV) and 026 (open counts) read it in their
    // triggers and name projects, and 027 extends 022's objects: they go first.
    await pendingParents.down(db);
    await openCounts.down(db);
    await positions.down(db);
    await caldavLabels.down(db);
    await caldav.down(db);
    await down(db);
    await up(db);
    await caldav.up(db);
    await caldavLabels.up(db);
    await positions.up(db);
    await openCounts.up(db);
    await pendingParents.up(db);
    const rows = await projectIds();
    expect(rows).toHaveLength(33);
    expect(new Set(rows.map((row) => row.project_id))).toEqual(new Set([null]));
    expect(await db.selectFrom('projects').selectAll().execute()).toEqual([]);
  });
});
