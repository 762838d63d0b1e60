/**
 * @jest-environment node
 *
 * DELETE moves a todo to the trash: it leaves every list, count, search and populate, and comes
 * back the same todo; the trash is listed, emptied and purged after TRASH_DAYS; nobody else's
 * trash is ever reachable.
 */
import type { Session, TodoEntity } from '../../../src/shared/api-types';
import { buildApp } from '../../../src/server/app';
import { purgeTrash } from '../../../src/server/todos/trash';
import { deleteUser } from '../../../src/server/users/repository';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(60_000);

describeEachDialect('the trash', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: '5' });
    ann = await register(t.app, credentials('ann'));
    bob = await register(t.app, credentials('bob'));
  });
  afterAll(() => t.close());
  afterEach(() => t.database.handle.db.deleteFrom('todos').execute());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const trash = (session: Session, id: number) =>
    call(t.app, session, { method: 'DELETE', url: `/api/todos/${id}` });
  const restore = (session: Session, id: number) =>
    call(t.app, session, { method: 'POST', url: `/api/todos/${id}/restore` });
  const trashList = async (session: Session, query = '') =>
    (await get(session, `/api/todos/trash${query}`)).json();
  const listed = async (session: Session, query = '') => {
    const body = (await get(session, `/api/todos${query}`)).json();
    return { ids: body.data.map((todo: TodoEntity) => todo.id), total: body.meta.pagination.total };
  };
  /** Moves the todo's trash date back, as if it had been trashed `days` ago. */
  const trashedDaysAgo = (id: number, days: number) =>
    t.database.handle.db
      .updateTable('todos')
      .set({ deleted_at: new Date(Date.now() - days * 86_400_000).toISOString() })
      .where('id', '=', id)
      .execute();

  it('DELETE answers the todo and moves it to the trash; a restore brings back the same todo', async () => {
    const todo = await createTodo(t.app, ann, {
      title: 'Water plants',
      description: 'the fern too',
      completed: true,
    });
    const deleted = await trash(ann, todo.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: todo, meta: {} });
    const inTrash = await trashList(ann);
    expect(inTrash.data).toEqual([
      {
        id: todo.id,
        attributes: { ...todo.attributes, deletedAt: expect.stringMatching(/^\d{4}-.+Z$/) },
      },
    ]);
    expect(inTrash.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 1 });
    const restored = await restore(ann, todo.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ data: todo, meta: {} });
    expect((await get(ann, `/api/todos/${todo.id}`)).json().data).toEqual(todo);
    expect((await trashList(ann)).data).toEqual([]);
  });

  it('a trashed todo leaves the list, its total, filters, search, populate, GET, PUT and DELETE', async () => {
    const kept = await createTodo(t.app, ann, { title: 'Keep milk', completed: true });
    const gone = await createTodo(t.app, ann, { title: 'Gone milk', completed: true });
    await trash(ann, gone.id);
    for (const query of [
      '',
      '?filters[title][$contains]=milk',
      '?filters[title][$contains]=gone',
      '?filters[completed][$eq]=true',
      '?sort=title:desc',
      '?pagination[start]=0&pagination[limit]=10',
    ]) {
      const { ids, total } = await listed(ann, query);
      expect([query, ids.includes(gone.id), total]).toEqual([query, false, ids.length]);
    }
    expect((await listed(ann)).ids).toEqual([kept.id]);
    const populated = (await get(ann, '/api/users/me?populate=todos')).json().todos;
    expect(populated.map((todo: { id: number }) => todo.id)).toEqual([kept.id]);
    expect((await get(ann, `/api/todos/${gone.id}`)).statusCode).toBe(404);
    const put = await call(t.app, ann, {
      method: 'PUT',
      url: `/api/todos/${gone.id}`,
      payload: { data: { title: 'edited' } },
    });
    expect(put.statusCode).toBe(404);
    expect((await trash(ann, gone.id)).statusCode).toBe(404);
    expect((await trashList(ann)).data[0].attributes).toMatchObject({ title: 'Gone milk' });
  });

  it('reads /api/todos/trash as the trash, never as an id', async () => {
    await trash(ann, (await createTodo(t.app, ann, { title: 'a' })).id);
    const response = await get(ann, '/api/todos/trash/');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(1);
    for (const method of ['PUT', 'POST'] as const) {
      const other = await call(t.app, ann, {
        method,
        url: '/api/todos/trash',
        payload: { data: { title: 'x' } },
      });
      expect([method, other.statusCode]).toEqual([method, 404]);
    }
  });

  it('lists newest deleted first, ties by id, in pages, and refuses a sort or a bad page', async () => {
    const ids: number[] = [];
    for (const title of ['one', 'two', 'three', 'four'])
      ids.push((await createTodo(t.app, ann, { title })).id);
    for (const id of ids) await trash(ann, id);
    const at = '2026-05-01T00:00:00.000Z';
    await t.database.handle.db
      .updateTable('todos')
      .set({ deleted_at: at })
      .where('id', 'in', [ids[1]!, ids[2]!])
      .execute();
    await t.database.handle.db
      .updateTable('todos')
      .set({ deleted_at: '2026-04-01T00:00:00.000Z' })
      .where('id', '=', ids[3]!)
      .execute();
    const expected = [ids[0], ids[2], ids[1], ids[3]];
    const all = await trashList(ann);
    expect(all.data.map((todo: TodoEntity) => todo.id)).toEqual(expected);
    const page2 = await trashList(ann, '?pagination[page]=2&pagination[pageSize]=3');
    expect(page2.data.map((todo: TodoEntity) => todo.id)).toEqual([ids[3]]);
    expect(page2.meta.pagination).toEqual({ page: 2, pageSize: 3, pageCount: 2, total: 4 });
    expect(
      (await trashList(ann, '?pagination[start]=1&pagination[limit]=2')).data.map(
        (todo: TodoEntity) => todo.id,
      ),
    ).toEqual(expected.slice(1, 3));
    for (const query of [
      '?sort=title:asc',
      '?pagination[page]=0',
      '?filters[title][$contains]=a',
    ]) {
      expect([query, (await get(ann, `/api/todos/trash${query}`)).statusCode]).toEqual([
        query,
        400,
      ]);
    }
  });

  it('restores only a todo in the caller’s trash: a live one or a missing one is 404', async () => {
    const live = await createTodo(t.app, ann, { title: 'live' });
    expect((await restore(ann, live.id)).statusCode).toBe(404);
    expect((await restore(ann, 987_654)).statusCode).toBe(404);
    expect((await restore(ann, 99_999_999_999)).statusCode).toBe(404);
    expect((await get(ann, `/api/todos/${live.id}`)).json().data).toEqual(live);
  });

  it('empties the caller’s trash for good (204), leaving live todos and other users’ trash', async () => {
    const live = await createTodo(t.app, ann, { title: 'live' });
    const gone = await createTodo(t.app, ann, { title: 'gone' });
    const bobs = await createTodo(t.app, bob, { title: 'bob’s' });
    await trash(ann, gone.id);
    await trash(bob, bobs.id);
    const emptied = await call(t.app, ann, { method: 'DELETE', url: '/api/todos/trash' });
    expect(emptied.statusCode).toBe(204);
    expect(emptied.body).toBe('');
    expect((await trashList(ann)).data).toEqual([]);
    expect((await restore(ann, gone.id)).statusCode).toBe(404);
    expect((await listed(ann)).ids).toEqual([live.id]);
    expect((await trashList(bob)).data.map((todo: TodoEntity) => todo.id)).toEqual([bobs.id]);
  });

  it('restores the caller’s whole trash in one call (its count), leaving other users’ trash', async () => {
    const kept = await createTodo(t.app, ann, { title: 'kept' });
    const first = await createTodo(t.app, ann, { title: 'first' });
    const second = await createTodo(t.app, ann, { title: 'second' });
    const bobs = await createTodo(t.app, bob, { title: 'bob’s' });
    for (const todo of [first, second]) await trash(ann, todo.id);
    await trash(bob, bobs.id);
    const restoreAll = () => call(t.app, ann, { method: 'POST', url: '/api/todos/trash/restore' });
    const answer = await restoreAll();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { count: 2 } });
    expect((await trashList(ann)).data).toEqual([]);
    expect(await listed(ann)).toEqual({ ids: [kept.id, first.id, second.id], total: 3 });
    expect((await get(ann, `/api/todos/${first.id}`)).json().data).toEqual(first);
    expect((await trashList(bob)).data.map((todo: TodoEntity) => todo.id)).toEqual([bobs.id]);
    expect((await restoreAll()).json()).toEqual({ data: { count: 0 } });
  });

  it('answers 404 on every call about another user’s trashed todo, and changes nothing', async () => {
    const secret = await createTodo(t.app, ann, { title: 'Ann secret' });
    await trash(ann, secret.id);
    const calls = [
      ['GET', `/api/todos/${secret.id}`, undefined],
      ['PUT', `/api/todos/${secret.id}`, { data: { title: 'x' } }],
      ['DELETE', `/api/todos/${secret.id}`, undefined],
      ['POST', `/api/todos/${secret.id}/restore`, undefined],
      ['POST', '/api/todos/bulk', { action: 'restore', ids: [secret.id] }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await call(t.app, bob, { method, url, payload });
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      expect(response.body).not.toContain('Ann secret');
    }
    expect((await call(t.app, bob, { method: 'DELETE', url: '/api/todos/trash' })).statusCode).toBe(
      204,
    );
    expect(JSON.stringify(await trashList(bob))).not.toContain('Ann secret');
    expect((await trashList(ann)).data.map((todo: TodoEntity) => todo.id)).toEqual([secret.id]);
  });

  it('does not let the trash block a create at MAX_TODOS_PER_USER: the oldest trashed todos make room', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createTodo(t.app, ann, { title: `t${i}` })).id);
    const refused = await call(t.app, ann, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'sixth' } },
    });
    expect(refused.statusCode).toBe(403);
    await trash(ann, ids[1]!);
    await trash(ann, ids[0]!);
    await trashedDaysAgo(ids[1]!, 2);
    // 3 live + 2 trashed is the limit: the create deletes the oldest trashed todo (ids[1]) for good.
    await createTodo(t.app, ann, { title: 'new' });
    expect((await trashList(ann)).data.map((todo: TodoEntity) => todo.id)).toEqual([ids[0]]);
    expect((await restore(ann, ids[1]!)).statusCode).toBe(404);
    expect((await restore(ann, ids[0]!)).statusCode).toBe(200);
    expect((await listed(ann)).total).toBe(5);
    const count = await t.database.handle.db
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', ann.user.id)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(5);
  });

  it('purges todos trashed more than TRASH_DAYS ago, in one call, as of the clock it is given', async () => {
    const old = await createTodo(t.app, ann, { title: 'old' });
    const recent = await createTodo(t.app, bob, { title: 'recent' });
    const live = await createTodo(t.app, ann, { title: 'live' });
    await trash(ann, old.id);
    await trash(bob, recent.id);
    await trashedDaysAgo(old.id, 10);
    await trashedDaysAgo(recent.id, 5);
    const { db } = t.database.handle;
    expect(await purgeTrash(db, 30)).toBe(0);
    const in22Days = new Date(Date.now() + 22 * 86_400_000);
    expect(await purgeTrash(db, 30, in22Days)).toBe(1);
    expect((await trashList(ann)).data).toEqual([]);
    expect((await trashList(bob)).data.map((todo: TodoEntity) => todo.id)).toEqual([recent.id]);
    expect(await purgeTrash(db, 7)).toBe(0);
    expect(await purgeTrash(db, 4)).toBe(1);
    expect((await listed(ann)).ids).toEqual([live.id]);
  });

  it('purges at start: a server started on the database removes trash older than its TRASH_DAYS', async () => {
    const old = await createTodo(t.app, ann, { title: 'old' });
    const young = await createTodo(t.app, ann, { title: 'young' });
    await trash(ann, old.id);
    await trash(ann, young.id);
    await trashedDaysAgo(old.id, 8);
    await trashedDaysAgo(young.id, 6);
    const other = await buildApp({ ...t.config, trashDays: 7 }, t.database.handle.db);
    await other.ready();
    await other.close(); // waits for the purge under way
    expect((await trashList(ann)).data.map((todo: TodoEntity) => todo.id)).toEqual([young.id]);
  });

  it('deleting a user deletes their trash too', async () => {
    const carl = await register(t.app, credentials('carl'));
    await trash(carl, (await createTodo(t.app, carl, { title: 'c' })).id);
    expect(await deleteUser(t.database.handle.db, carl.user.email)).toBe(true);
    const rows = await t.database.handle.db
      .selectFrom('todos')
      .select('id')
      .where('owner_id', '=', carl.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
