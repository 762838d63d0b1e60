/**
 * @jest-environment node
 *
 * POST /api/todos/bulk: one action over many of the caller's todos, all or nothing.
 */
import type { Session, TodoEntity } from '../../../src/shared/api-types';
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

describeEachDialect('bulk actions', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('ann'));
    bob = await register(t.app, credentials('bob'));
  });
  afterAll(() => t.close());
  afterEach(() => t.database.handle.db.deleteFrom('todos').execute());

  const bulk = (session: Session, payload: unknown) =>
    call(t.app, session, { method: 'POST', url: '/api/todos/bulk', payload: payload as object });
  const make = async (session: Session, count: number, data: Record<string, unknown> = {}) => {
    const todos: TodoEntity[] = [];
    for (let i = 0; i < count; i++)
      todos.push(await createTodo(t.app, session, { title: `todo ${i}`, ...data }));
    return todos;
  };
  /** Every todo of the owner as stored: live or trashed, completed, updated. */
  const snapshot = (ownerId: number) =>
    t.database.handle.db
      .selectFrom('todos')
      .select(['id', 'completed', 'updated_at', 'deleted_at'])
      .where('owner_id', '=', ownerId)
      .orderBy('id')
      .execute();
  const liveIds = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/todos' }))
      .json()
      .data.map((todo: TodoEntity) => todo.id);
  const trashIds = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/todos/trash' }))
      .json()
      .data.map((todo: TodoEntity) => todo.id)
      .sort((a: number, b: number) => a - b);

  it('completes and uncompletes, counting only the todos it changed', async () => {
    const [a, b, c] = await make(ann, 3);
    await call(t.app, ann, {
      method: 'PUT',
      url: `/api/todos/${b!.id}`,
      payload: { data: { completed: true } },
    });
    const before = await snapshot(ann.user.id);
    const response = await bulk(ann, { action: 'complete', ids: [a!.id, b!.id, c!.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { count: 2 } });
    const after = await snapshot(ann.user.id);
    expect(after.map((row) => row.completed)).toEqual([1, 1, 1]);
    // The todo that was completed already is untouched, updatedAt included.
    expect(after[1]).toEqual(before[1]);
    expect((await bulk(ann, { action: 'uncomplete', ids: [a!.id, c!.id] })).json()).toEqual({
      data: { count: 2 },
    });
    expect((await snapshot(ann.user.id)).map((row) => row.completed)).toEqual([0, 1, 0]);
  });

  it('deletes into the trash and restores the same todos', async () => {
    const todos = await make(ann, 4, { completed: true, description: 'd' });
    const ids = todos.slice(0, 3).map((todo) => todo.id);
    expect((await bulk(ann, { action: 'delete', ids })).json()).toEqual({ data: { count: 3 } });
    expect(await liveIds(ann)).toEqual([todos[3]!.id]);
    expect(await trashIds(ann)).toEqual(ids);
    expect((await bulk(ann, { action: 'restore', ids })).json()).toEqual({ data: { count: 3 } });
    const restored = (await call(t.app, ann, { method: 'GET', url: '/api/todos' })).json().data;
    expect(restored).toEqual(todos);
  });

  it.each([
    ['another user’s id', 'foreign'],
    ['a missing id', 'missing'],
    ['a trashed id to complete', 'trashed'],
    ['a live id to restore', 'live'],
  ] as const)('fails with 404 and changes nothing when one id is %s', async (_label, kind) => {
    const mine = await make(ann, 3);
    const [foreign] = await make(bob, 1);
    await call(t.app, ann, { method: 'DELETE', url: `/api/todos/${mine[2]!.id}` });
    const ids = mine.slice(0, 2).map((todo) => todo.id);
    const body = {
      foreign: { action: 'delete', ids: [...ids, foreign!.id] },
      missing: { action: 'complete', ids: [...ids, 987_654] },
      trashed: { action: 'complete', ids: [...ids, mine[2]!.id] },
      live: { action: 'restore', ids: [mine[2]!.id, ids[0]] },
    }[kind];
    const before = [await snapshot(ann.user.id), await snapshot(bob.user.id)];
    const response = await bulk(ann, body);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.name).toBe('NotFoundError');
    expect([await snapshot(ann.user.id), await snapshot(bob.user.id)]).toEqual(before);
  });

  it('accepts 500 ids and counts them', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + i).toISOString();
      return {
        owner_id: ann.user.id,
        title: `t${i}`,
        title_key: `t${i}`,
        description: null,
        completed: 0,
        created_at: at,
        updated_at: at,
      };
    });
    const inserted = await t.database.handle.db
      .insertInto('todos')
      .values(rows)
      .returning('id')
      .execute();
    const response = await bulk(ann, { action: 'delete', ids: inserted.map((row) => row.id) });
    expect(response.json()).toEqual({ data: { count: 500 } });
    expect(await liveIds(ann)).toEqual([]);
  });

  // Each body is built around a real todo id, so only the named fault can cause the 400.
  it.each([
    ['no ids', () => ({ action: 'complete', ids: [] })],
    [
      '501 ids',
      (id: number) => ({ action: 'complete', ids: Array.from({ length: 501 }, (_, i) => id + i) }),
    ],
    ['a string id', (id: number) => ({ action: 'complete', ids: [String(id)] })],
    ['a fractional id', (id: number) => ({ action: 'complete', ids: [id + 0.5] })],
    ['a zero id', (id: number) => ({ action: 'complete', ids: [id, 0] })],
    ['an id past int4', (id: number) => ({ action: 'complete', ids: [id, 2_147_483_648] })],
    ['a repeated id', (id: number) => ({ action: 'complete', ids: [id, id] })],
    ['ids not an array', (id: number) => ({ action: 'complete', ids: id })],
    ['an unknown action', (id: number) => ({ action: 'archive', ids: [id] })],
    ['no action', (id: number) => ({ ids: [id] })],
    ['no ids key', () => ({ action: 'complete' })],
    ['an extra key', (id: number) => ({ action: 'complete', ids: [id], user: ann.user.id })],
    ['a Strapi data envelope', (id: number) => ({ data: { action: 'complete', ids: [id] } })],
    ['an array body', (id: number) => [id]],
  ])('refuses %s with 400 and changes nothing', async (_label, payload) => {
    const [todo] = await make(ann, 1);
    const before = await snapshot(ann.user.id);
    const response = await bulk(ann, payload(todo!.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.name).toBe('ValidationError');
    expect(await snapshot(ann.user.id)).toEqual(before);
    // The same todo with a good body does change, so nothing else made that call fail.
    expect((await bulk(ann, { action: 'complete', ids: [todo!.id] })).json()).toEqual({
      data: { count: 1 },
    });
  });

  it('refuses a call without a valid token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/todos/bulk',
      payload: { action: 'complete', ids: [1] },
    });
    expect(response.statusCode).toBe(401);
  });
});
