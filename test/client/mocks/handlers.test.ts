/**
 * The mock API answers as the contract says (every answer here is also checked against the server's
 * response schemas by setup.ts): auth, the list's paging, filters and sort, writes, trash and bulk,
 * and the contract's errors.
 */
import { contractViolation } from '../support/contract';
import { apiUrl, startMockApi, type MockApi } from '../support/mockApi';

let api: MockApi;
beforeEach(() => (api = startMockApi({ tokens: ['jwt-test'] })));

async function call(method: string, path: string, body?: unknown, token = 'jwt-test') {
  const response = await fetch(apiUrl(path), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const titlesOf = (body: { data: { attributes: { title: string } }[] }) =>
  body.data.map((todo) => todo.attributes.title);

describe('the mock API’s auth', () => {
  const carol = { email: 'Carol@Example.com', username: 'carol', password: 'Secret1!' };

  it('registers, logs in by email or username, answers /users/me and logs out', async () => {
    const registered = await call('POST', 'auth/local/register', carol, '');
    expect(registered.status).toBe(200);
    expect(registered.body.user).toMatchObject({ username: 'carol', email: 'carol@example.com' });
    for (const identifier of ['CAROL@example.com', 'carol']) {
      const login = await call('POST', 'auth/local', { identifier, password: carol.password }, '');
      expect(login.status).toBe(200);
      const me = await call('GET', 'users/me', undefined, login.body.jwt);
      expect(me.body.username).toBe('carol');
      expect((await call('POST', 'auth/logout', undefined, login.body.jwt)).status).toBe(204);
      expect((await call('GET', 'users/me', undefined, login.body.jwt)).status).toBe(401);
    }
  });

  it('refuses a taken name, a wrong password and a body the shared schema refuses', async () => {
    await call('POST', 'auth/local/register', carol, '');
    const again = await call('POST', 'auth/local/register', { ...carol, username: 'Carol' }, '');
    expect(again).toMatchObject({
      status: 400,
      body: { error: { name: 'ApplicationError', message: 'Email or Username are already taken' } },
    });
    const wrong = await call('POST', 'auth/local', { identifier: 'carol', password: 'nope' }, '');
    expect(wrong.body.error.message).toBe('Invalid identifier or password');
    const weak = await call('POST', 'auth/local/register', { ...carol, password: 'short' }, '');
    expect(weak.status).toBe(400);
    expect(weak.body.error.details.errors[0].path).toEqual(['password']);
    const extra = await call('POST', 'auth/local/register', { ...carol, confirmed: true }, '');
    expect(extra.body.error.message).toBe('confirmed is not an accepted field');
  });

  it('lists the caller’s todos, flat and oldest first, with populate=todos', async () => {
    api.seed(2);
    const me = await call('GET', 'users/me?populate=todos');
    expect(me.body.todos.map((todo: { title: string }) => todo.title)).toEqual([
      'Todo 1',
      'Todo 2',
    ]);
  });

  it('answers 401 without a valid bearer token, and 404 under an unknown path', async () => {
    expect((await call('GET', 'todos', undefined, '')).body.error.name).toBe('UnauthorizedError');
    expect((await call('GET', 'todos', undefined, 'forged')).status).toBe(401);
    expect((await call('GET', 'users')).body.error.name).toBe('NotFoundError');
  });
});

describe('the mock API’s todo list', () => {
  it('pages with Strapi’s meta, 25 by default and at most 100, with the true total past the end', async () => {
    api.seed(120);
    const first = await call('GET', 'todos');
    expect(first.body.data).toHaveLength(25);
    expect(first.body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 5, total: 120 });
    const clamped = await call('GET', 'todos?pagination[pageSize]=500');
    expect(clamped.body.meta.pagination.pageSize).toBe(100);
    const past = await call('GET', 'todos?pagination[page]=9&pagination[pageSize]=50');
    expect(past.body).toEqual({
      data: [],
      meta: { pagination: { page: 9, pageSize: 50, pageCount: 3, total: 120 } },
    });
    expect((await call('GET', 'todos?pagination[page]=0')).status).toBe(400);
  });

  it('filters titles case-insensitively (Unicode aware) and by completion and due date', async () => {
    api.insert({ title: 'Écrire' });
    api.insert({ title: 'buy MILK', completed: true, dueDate: '2026-11-20' });
    api.insert({ title: 'Milk again', dueDate: '2026-11-27' });
    expect(titlesOf((await call('GET', 'todos?filters[title][$contains]=milk')).body)).toEqual([
      'buy MILK',
      'Milk again',
    ]);
    expect(titlesOf((await call('GET', 'todos?filters[title][$containsi]=é')).body)).toEqual([
      'Écrire',
    ]);
    expect(titlesOf((await call('GET', 'todos?filters[completed][$eq]=false')).body)).toEqual([
      'Écrire',
      'Milk again',
    ]);
    const due = 'todos?filters[dueDate][$gt]=2026-11-20&filters[dueDate][$lte]=2026-11-27';
    expect(titlesOf((await call('GET', due)).body)).toEqual(['Milk again']);
    expect((await call('GET', 'todos?filters[secret][$eq]=1')).status).toBe(400);
  });

  it('sorts by several keys, titles ignoring case, undated todos last, ties by id', async () => {
    api.insert({ title: 'b', dueDate: '2026-12-01' });
    api.insert({ title: 'A' });
    api.insert({ title: 'c', dueDate: '2026-11-30' });
    api.insert({ title: 'a' });
    expect(titlesOf((await call('GET', 'todos?sort=title:asc')).body)).toEqual([
      'A',
      'a',
      'b',
      'c',
    ]);
    expect(titlesOf((await call('GET', 'todos?sort=title:desc')).body)).toEqual([
      'c',
      'b',
      'a',
      'A',
    ]);
    expect(titlesOf((await call('GET', 'todos?sort=dueDate:desc')).body)).toEqual([
      'b',
      'c',
      'a',
      'A',
    ]);
    expect(
      titlesOf((await call('GET', 'todos?sort[0]=completed:asc,createdAt:desc')).body),
    ).toEqual(['a', 'c', 'A', 'b']);
    expect((await call('GET', 'todos?sort=owner:asc')).status).toBe(400);
    expect((await call('GET', 'todos?sort=title:up')).status).toBe(400);
  });

  it('shows no other user’s todos', async () => {
    api.backend.todos.insert(99, { title: 'Not yours' });
    expect((await call('GET', 'todos')).body.data).toEqual([]);
  });
});

describe('the mock API’s writes', () => {
  it('creates with the trimmed title and defaults, updates, finds and deletes', async () => {
    const created = await call('POST', 'todos/', { data: { title: '  Buy milk ', user: 7 } });
    expect(created.body.data.attributes).toMatchObject({
      title: 'Buy milk',
      description: null,
      completed: false,
    });
    const id = created.body.data.id;
    const updated = await call('PUT', `todos/${id}`, { data: { completed: true } });
    expect(updated.body.data.attributes.completed).toBe(true);
    expect(updated.body.data.attributes.updatedAt > created.body.data.attributes.updatedAt).toBe(
      true,
    );
    expect((await call('GET', `todos/${id}`)).body.data.attributes.title).toBe('Buy milk');
    expect((await call('DELETE', `todos/${id}`)).body.data.id).toBe(id);
    expect((await call('GET', `todos/${id}`)).status).toBe(404);
  });

  it('refuses what the shared schemas refuse, another owner (403) and another’s todo (404)', async () => {
    const empty = await call('POST', 'todos', { data: { title: '  ' } });
    expect(empty.body.error).toMatchObject({
      name: 'ValidationError',
      message: 'Title is required',
    });
    expect(empty.body.error.details.errors[0].path).toEqual(['data', 'title']);
    expect((await call('POST', 'todos', { data: { title: 'x', owner: 1 } })).status).toBe(400);
    expect((await call('PUT', 'todos/1', { data: {} })).status).toBe(400);
    expect((await call('POST', 'todos', { data: { title: 'x', user: [8] } })).status).toBe(403);
    const theirs = api.backend.todos.insert(99, { title: 'Not yours' });
    expect((await call('PUT', `todos/${theirs.id}`, { data: { title: 'Mine' } })).status).toBe(404);
    expect((await call('DELETE', `todos/${theirs.id}`)).status).toBe(404);
  });

  it('keeps deleted todos in the trash, newest first, restores and empties it', async () => {
    api.seed(3);
    await call('DELETE', 'todos/1');
    await call('DELETE', 'todos/2');
    const trash = await call('GET', 'todos/trash?pagination[page]=1&pagination[pageSize]=10');
    expect(titlesOf(trash.body)).toEqual(['Todo 2', 'Todo 1']);
    expect(trash.body.data[0].attributes.deletedAt).toEqual(expect.any(String));
    expect((await call('POST', 'todos/2/restore')).body.data.attributes.title).toBe('Todo 2');
    expect(titlesOf((await call('GET', 'todos')).body)).toEqual(['Todo 2', 'Todo 3']);
    expect((await call('DELETE', 'todos/trash')).status).toBe(204);
    expect((await call('GET', 'todos/trash')).body.meta.pagination.total).toBe(0);
    expect((await call('POST', 'todos/1/restore')).status).toBe(404);
  });

  it('applies a bulk action to all ids or none', async () => {
    api.seed(3);
    expect((await call('POST', 'todos/bulk', { action: 'complete', ids: [1, 2] })).body).toEqual({
      data: { count: 2 },
    });
    expect(api.todos.map((todo) => todo.attributes.completed)).toEqual([true, true, false]);
    expect((await call('POST', 'todos/bulk', { action: 'delete', ids: [3, 4] })).status).toBe(404);
    expect(api.todos).toHaveLength(3);
    await call('POST', 'todos/bulk', { action: 'delete', ids: [1, 3] });
    expect(titlesOf((await call('GET', 'todos')).body)).toEqual(['Todo 2']);
    await call('POST', 'todos/bulk', { action: 'restore', ids: [1, 3] });
    expect(api.todos).toHaveLength(3);
    expect((await call('POST', 'todos/bulk', { action: 'archive', ids: [1] })).status).toBe(400);
  });
});

describe('the contract check on the mock’s answers', () => {
  const todo = {
    id: 1,
    attributes: {
      title: 'x',
      description: null,
      completed: false,
      createdAt: '2026-01-01T08:00:00.000Z',
      updatedAt: '2026-01-01T08:00:00.000Z',
      dueDate: null,
      remindAt: null,
      recurrence: null,
      seriesId: null,
      priority: 0,
      position: 1,
    },
  };

  it('passes a contract answer and names what is wrong with one that is not', () => {
    expect(contractViolation('find', { status: 200, body: { data: todo, meta: {} } })).toBe(
      undefined,
    );
    const { dueDate: _dropped, ...withoutDueDate } = todo.attributes;
    expect(
      contractViolation('find', {
        status: 200,
        body: { data: { ...todo, attributes: withoutDueDate }, meta: {} },
      }),
    ).toMatch(/dueDate/);
    expect(
      contractViolation('find', {
        status: 200,
        body: { data: { ...todo, attributes: { ...todo.attributes, owner: 7 } }, meta: {} },
      }),
    ).toMatch(/additional properties/);
    expect(contractViolation('emptyTrash', { status: 200, body: {} })).toMatch(/status 200/);
    expect(
      contractViolation('list', { status: 400, body: { error: { status: 400, message: 'x' } } }),
    ).toMatch(/data|name|details/);
  });
});
