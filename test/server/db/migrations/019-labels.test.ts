/**
 * @jest-environment node
 *
 * Migration 019 adds labels: a database made by an earlier release (0.1.0, holding todos) comes
 * forward with no label and every todo unlabelled; names are unique per owner whatever their case;
 * the trigger keeps a link's `open` as its todo is completed, trashed and restored; a label's todos
 * and a todo's labels read the new indexes (its index of open links per owner went with migration
 * 026); the migration goes down and up again keeping the todos.
 */
import type { Session, TodoEntity } from '../../../../src/shared/api-types';
import { down, up } from '../../../../src/server/db/migrations/019-labels';
import { call, createTestApp, describeEachDialect, type TestApp } from '../../support/app';
import { queryPlan, signInReleaseUser } from '../../support/query-plan';

/** Queries of owner 1 (ada) and her label `l`, and the index each reads. */
const plans = (l: number): [string, RegExp][] => [
  [`select todo_id from todo_labels where label_id = ${l}`, /todo_labels_label/],
  [
    'select label_id from todo_labels where todo_id in (1, 2, 3)',
    /sqlite_autoindex_todo_labels_1|todo_labels_pk/,
  ],
];

describeEachDialect('migration 019 (labels)', (dialect) => {
  let t: TestApp;
  let ada: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { fromRelease: '0.1.0' });
    ada = await signInReleaseUser(t.app);
  });
  afterAll(() => t?.close());

  const newLabel = (name: string) =>
    t.database.handle.db
      .insertInto('labels')
      .values({
        owner_id: ada.user.id,
        name,
        name_key: name.toLowerCase(),
        color: '#336699',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const links = () =>
    t.database.handle.db
      .selectFrom('todo_labels')
      .select(['todo_id', 'open'])
      .orderBy('todo_id')
      .execute();

  it('brings an older database forward with no label, every todo unlabelled', async () => {
    expect(await t.database.handle.db.selectFrom('labels').selectAll().execute()).toEqual([]);
    const page = await call(t.app, ada, {
      method: 'GET',
      url: '/api/todos?pagination[pageSize]=100&filters[labels][id][$null]=true&populate=labels',
    });
    const body = page.json<{ data: TodoEntity[]; meta: { pagination: { total: number } } }>();
    expect(body.meta.pagination.total).toBe(31);
    expect(body.data.every((todo) => todo.attributes.labels?.data.length === 0)).toBe(true);
    const counts = await call(t.app, ada, { method: 'GET', url: '/api/todos/counts' });
    expect(counts.json().data.labels).toEqual([]);
  });

  it('keeps names unique per owner whatever their case', async () => {
    await newLabel('Errands');
    await expect(newLabel('errands')).rejects.toMatchObject({
      message: expect.stringMatching(/unique/i),
    });
    await t.database.handle.db.deleteFrom('labels').execute();
  });

  it('keeps a link open while its todo is live and not completed', async () => {
    const { db } = t.database.handle;
    const label = await newLabel('Open');
    const [a, b] = await db
      .selectFrom('todos')
      .select(['id', 'completed'])
      .where('owner_id', '=', ada.user.id)
      .where('deleted_at', 'is', null)
      .where('completed', '=', 0)
      .orderBy('id')
      .limit(2)
      .execute();
    await db
      .insertInto('todo_labels')
      .values(
        [a!, b!].map((todo) => ({
          todo_id: todo.id,
          label_id: label.id,
          owner_id: ada.user.id,
          open: 1,
        })),
      )
      .execute();
    await db.updateTable('todos').set({ completed: 1 }).where('id', '=', a!.id).execute();
    await db
      .updateTable('todos')
      .set({ deleted_at: '2026-02-01T00:00:00.000Z' })
      .where('id', '=', b!.id)
      .execute();
    expect(await links()).toEqual([
      { todo_id: a!.id, open: 0 },
      { todo_id: b!.id, open: 0 },
    ]);
    // A rename leaves the flag; uncompleting and restoring open the links again.
    await db.updateTable('todos').set({ title: 'renamed' }).where('id', '=', a!.id).execute();
    await db.updateTable('todos').set({ completed: 0 }).where('id', 'in', [a!.id, b!.id]).execute();
    expect((await links()).map((link) => link.open)).toEqual([1, 0]);
    await db.updateTable('todos').set({ deleted_at: null }).where('id', '=', b!.id).execute();
    expect((await links()).map((link) => link.open)).toEqual([1, 1]);
    // Deleting the todo or the label takes the link.
    await db.deleteFrom('todos').where('id', '=', a!.id).execute();
    expect((await links()).map((link) => link.todo_id)).toEqual([b!.id]);
    await db.deleteFrom('labels').execute();
    expect(await links()).toEqual([]);
  });

  it('serves a label’s todos and a todo’s labels from indexes', async () => {
    const { db } = t.database.handle;
    const label = await newLabel('Indexed');
    const todos = await db.selectFrom('todos').select('id').orderBy('id').execute();
    await db
      .insertInto('todo_labels')
      .values(todos.map((todo) => ({ todo_id: todo.id, label_id: label.id, owner_id: 1, open: 1 })))
      .execute();
    for (const [query, expected] of plans(label.id)) {
      const plan = await queryPlan(db, dialect, query, { analyze: ['todo_labels'] });
      expect([query, plan]).toEqual([query, expect.stringMatching(expected)]);
      expect(plan).not.toMatch(/SCAN todo_labels$|Seq Scan/m);
    }
    await db.deleteFrom('labels').execute();
  });

  it('goes down and up again, keeping the todos', async () => {
    const { db } = t.database.handle;
    const before = await db.selectFrom('todos').select('id').execute();
    await newLabel('Work');
    await down(db);
    await up(db);
    expect(await db.selectFrom('todos').select('id').execute()).toEqual(before);
    expect(await db.selectFrom('labels').selectAll().execute()).toEqual([]);
    expect(await links()).toEqual([]);
  });
});
