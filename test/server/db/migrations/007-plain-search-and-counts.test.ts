/**
 * @jest-environment node
 *
 * A database made by release 0.1.0 (kept counters, title grams with their triggers and, on
 * PostgreSQL, todos still pending a fold; test/server/db/fixtures) migrates forward without losing
 * a todo: the same todos, users and passwords, searches and totals that match the rows, and none of
 * the old machinery left behind.
 */
import { sql } from 'kysely';
import type { Session } from '../../../../src/shared/api-types';
import { titleKey } from '../../../../src/shared/title-key';
import { call, describeEachDialect, createTestApp, type TestApp } from '../../support/app';
import { signInReleaseUser } from '../../support/query-plan';

const OLD_TABLES = ['todo_counts', 'todo_title_grams', 'todo_title_grams_pending'];
const NEW_TRIGGERS = [
  'owner_counts_user',
  'owner_counts_insert',
  'owner_counts_delete',
  'owner_counts_update',
  // Migration 019's: it keeps label links' open flag.
  'label_links_open',
  // Migrations 022 and 023: they keep dav_changes for CalDAV's sync-collection.
  'dav_changes_insert',
  'dav_changes_update',
  'dav_changes_delete',
  'dav_changes_label_name',
  'dav_changes_label_link',
  'dav_changes_label_unlink',
  // Migration 026: each project's and label's open todos, each owner's roots.
  'project_root_counts_insert',
  'project_root_counts_delete',
  'project_root_counts_update',
  'label_counts_insert',
  'label_counts_delete',
  'label_counts_update',
  'label_links_live',
];

describeEachDialect('migrating a release 0.1.0 database', (dialect) => {
  let t: TestApp;
  let ada: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { fromRelease: '0.1.0' });
    ada = await signInReleaseUser(t.app);
  });
  afterAll(() => t?.close());

  const adaTodos = () =>
    t.database.handle.db
      .selectFrom('todos')
      .selectAll()
      .where('owner_id', '=', ada.user.id)
      .orderBy('id')
      .execute();

  it('keeps every todo and user', async () => {
    const { db } = t.database.handle;
    const todos = await db
      .selectFrom('todos')
      .select(['id', 'owner_id', 'title', 'completed'])
      .orderBy('id')
      .execute();
    expect(todos).toHaveLength(33);
    expect(todos.filter((todo) => todo.owner_id === ada.user.id)).toHaveLength(31);
    expect(todos.find((todo) => todo.id === 2)).toMatchObject({
      title: 'Renamed résumé',
      completed: 1,
    });
    expect(todos.some((todo) => todo.id === 3)).toBe(false);
    const users = await db.selectFrom('users').select('username').orderBy('id').execute();
    expect(users.map((user) => user.username)).toEqual(['ada', 'bob']);
  });

  it('leaves no kept counter, gram table, trigger or fold function', async () => {
    const { db } = t.database.handle;
    if (dialect === 'sqlite') {
      const { rows } = await sql<{
        type: string;
        name: string;
      }>`select type, name from sqlite_master where type in ('table', 'trigger')`.execute(db);
      // Migration 016's triggers keep new counts (owner_counts); none of release 0.1.0's is left.
      expect(rows.filter((row) => row.type === 'trigger').map((row) => row.name)).toEqual(
        expect.arrayContaining(NEW_TRIGGERS),
      );
      expect(rows.filter((row) => row.type === 'trigger')).toHaveLength(NEW_TRIGGERS.length);
      expect(rows.map((row) => row.name).filter((name) => OLD_TABLES.includes(name))).toEqual([]);
    } else {
      const triggers = await sql<{
        tgname: string;
      }>`select tgname from pg_trigger where not tgisinternal`.execute(db);
      expect(triggers.rows.map((row) => row.tgname).sort()).toEqual([...NEW_TRIGGERS].sort());
      const functions = await sql<{
        proname: string;
      }>`select proname from pg_proc join pg_namespace on pg_namespace.oid = pronamespace
        where nspname = 'public' and (proname like 'todo%' or proname = 'title_grams')`.execute(db);
      expect(functions.rows).toEqual([]);
      const tables = await sql<{
        tablename: string;
      }>`select tablename from pg_tables where schemaname = 'public'`.execute(db);
      expect(
        tables.rows.map((row) => row.tablename).filter((name) => OLD_TABLES.includes(name)),
      ).toEqual([]);
      const index = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'todos_title_trgm'`.execute(db);
      expect(index.rows[0]?.indexdef).toMatch(/gin \(title_key gin_trgm_ops\)/);
    }
  });

  it('lists, searches and counts what the rows hold, and takes new todos', async () => {
    const rows = await adaTodos();
    const list = async (query: string) =>
      (await call(t.app, ada, { method: 'GET', url: `/api/todos?${query}` })).json();
    expect((await list('')).meta.pagination.total).toBe(rows.length);
    for (const needle of ['re', 'RÉSUMÉ', 'é', '%', '😀', 'k']) {
      const expected = rows.filter((row) => row.title_key.includes(titleKey(needle))).length;
      const found = await list(
        `filters[title][$contains]=${encodeURIComponent(needle)}&pagination[pageSize]=100`,
      );
      expect([needle, found.meta.pagination.total, found.data.length]).toEqual([
        needle,
        expected,
        expected,
      ]);
    }
    // What release 0.1.0 itself answered for this search before the upgrade.
    expect((await list('filters[title][$contains]=re')).meta.pagination.total).toBe(13);
    const created = await call(t.app, ada, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'after the upgrade' } },
    });
    expect(created.statusCode).toBe(200);
    expect((await list('')).meta.pagination.total).toBe(rows.length + 1);
    expect((await list('filters[completed][$eq]=true')).meta.pagination.total).toBe(
      rows.filter((row) => row.completed === 1).length,
    );
  });
});
