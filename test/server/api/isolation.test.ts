/** One user never sees nor changes another's todos, through any route or query. */
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

describeEachDialect('data isolation', (dialect) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let aliceTodo: TodoEntity;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await register(t.app, credentials('Alice'));
    bob = await register(t.app, credentials('Bob'));
    aliceTodo = await createTodo(t.app, alice, {
      title: 'Alice secret plan',
      description: 'private',
    });
    for (let index = 0; index < 30; index += 1)
      await createTodo(t.app, alice, { title: `alice item ${index}` });
    await createTodo(t.app, bob, { title: 'Bob item' });
  });
  afterAll(() => t.close());

  const aliceUnchanged = async () => {
    const response = await call(t.app, alice, { method: 'GET', url: `/api/todos/${aliceTodo.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(aliceTodo);
  };

  it.each([
    ['GET', undefined],
    ['PUT', { data: { title: 'hijacked', completed: true } }],
    ['DELETE', undefined],
  ] as const)(
    'answers %s of another user’s todo with 404 and changes nothing',
    async (method, payload) => {
      const response = await call(t.app, bob, {
        method,
        url: `/api/todos/${aliceTodo.id}`,
        payload,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.name).toBe('NotFoundError');
      expect(response.body).not.toContain('Alice secret plan');
      await aliceUnchanged();
    },
  );

  it('the 404 for someone else’s todo is the same as for a missing one', async () => {
    const foreign = await call(t.app, bob, { method: 'GET', url: `/api/todos/${aliceTodo.id}` });
    const missing = await call(t.app, bob, { method: 'GET', url: '/api/todos/987654' });
    expect(foreign.json()).toEqual(missing.json());
  });

  it.each([
    '',
    '?pagination[pageSize]=100',
    '?pagination[pageSize]=100000',
    '?pagination[start]=0&pagination[limit]=1000',
    '?filters[title][$contains]=alice',
    '?filters[title][$containsi]=secret',
    '?filters[completed][$eq]=false&sort=title:desc',
    '?sort=id:asc',
  ])('lists only the caller’s rows for %s', async (query) => {
    const response = await call(t.app, bob, { method: 'GET', url: `/api/todos${query}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(
      body.data
        .map((todo: TodoEntity) => todo.attributes.title)
        .every((title: string) => title === 'Bob item'),
    ).toBe(true);
    expect(body.meta.pagination.total).toBeLessThanOrEqual(1);
    expect(response.body).not.toMatch(/alice/i);
  });

  it('populate=todos holds only the caller’s todos', async () => {
    const response = await call(t.app, bob, { method: 'GET', url: '/api/users/me?populate=todos' });
    expect(response.json().todos.map((todo: { title: string }) => todo.title)).toEqual([
      'Bob item',
    ]);
  });

  it.each([
    ['a number', (id: number) => id],
    ['an array', (id: number) => [id]],
    ['a string', (id: number) => String(id)],
    ['a relation', (id: number) => ({ connect: [id] })],
    ['two owners', (id: number) => [id, bob.user.id]],
  ])(
    'refuses with 403 a new todo naming another owner as %s, and creates nothing',
    async (_label, owner) => {
      const before = (await call(t.app, alice, { method: 'GET', url: '/api/todos' })).json().meta
        .pagination.total;
      const response = await call(t.app, bob, {
        method: 'POST',
        url: '/api/todos',
        payload: { data: { title: 'planted', user: owner(alice.user.id) } },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ status: 403, name: 'ForbiddenError' });
      expect(
        (await call(t.app, alice, { method: 'GET', url: '/api/todos' })).json().meta.pagination
          .total,
      ).toBe(before);
      const bobs = (
        await call(t.app, bob, {
          method: 'GET',
          url: '/api/todos?filters[title][$contains]=planted',
        })
      ).json();
      expect(bobs.data).toEqual([]);
    },
  );

  it('refuses with 403 an update that hands a todo to another user', async () => {
    const own = await createTodo(t.app, bob, { title: 'Bob keeps this' });
    const response = await call(t.app, bob, {
      method: 'PUT',
      url: `/api/todos/${own.id}`,
      payload: { data: { title: 'gift', user: alice.user.id } },
    });
    expect(response.statusCode).toBe(403);
    const read = await call(t.app, bob, { method: 'GET', url: `/api/todos/${own.id}` });
    expect(read.json().data.attributes.title).toBe('Bob keeps this');
  });
});
