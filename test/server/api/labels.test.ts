/**
 * @jest-environment node
 *
 * /api/labels in the Strapi v4 dialect: create, find, update and delete; names of 1–100 characters
 * once trimmed, unique per user whatever their case; colours written #rrggbb, stored lower-case;
 * MAX_LABELS_PER_USER; another user's label answers as a missing one; the list's paging, filters
 * and sort; live events. Labels on todos: label-todos.test.ts and label-filters.test.ts.
 */
import type { LabelEntity, Session } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

type Answer = { data: LabelEntity; meta: Record<string, unknown> };
type Page = { data: LabelEntity[]; meta: { pagination: Record<string, number> } };

describeEachDialect('labels', (dialect) => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_LABELS_PER_USER: '5' });
    ann = await register(t.app, credentials('lab'));
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const post = (session: Session, data: unknown) =>
    call(t.app, session, { method: 'POST', url: '/api/labels', payload: { data } });
  const put = (session: Session, id: number, data: unknown) =>
    call(t.app, session, { method: 'PUT', url: `/api/labels/${id}`, payload: { data } });
  const remove = (session: Session, id: number) =>
    call(t.app, session, { method: 'DELETE', url: `/api/labels/${id}` });
  const create = async (session: Session, data: Record<string, unknown>) => {
    const response = await post(session, data);
    expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
    return response.json<Answer>().data;
  };
  const issueOf = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as {
      error: { name: string; message: string; details: { errors: { path: string[] }[] } };
    };
    expect(error.name).toBe('ValidationError');
    return { message: error.message, path: error.details.errors[0]?.path };
  };

  it('creates a label, trimmed, its colour lower-cased (grey by default), and finds it', async () => {
    const user = await register(t.app, credentials('labcreate'));
    const home = await create(user, { name: '  Home  ', color: '#1E90FF' });
    expect(home).toEqual({
      id: expect.any(Number),
      attributes: {
        name: 'Home',
        color: '#1e90ff',
        createdAt: expect.stringMatching(/Z$/),
        updatedAt: expect.stringMatching(/Z$/),
      },
    });
    expect((await create(user, { name: 'Errands' })).attributes.color).toBe('#808080');
    const found = await get(user, `/api/labels/${home.id}`);
    expect(found.json()).toEqual({ data: home, meta: {} });
  });

  it('refuses a name another label has in any case, on create and rename', async () => {
    const user = await register(t.app, credentials('labdup'));
    const home = await create(user, { name: 'home' });
    const work = await create(user, { name: 'Work' });
    expect(issueOf(await post(user, { name: 'HOME' }))).toEqual({
      message: 'A label named "HOME" already exists',
      path: ['name'],
    });
    expect(issueOf(await put(user, work.id, { name: ' Home ' }))).toEqual({
      message: 'A label named "Home" already exists',
      path: ['name'],
    });
    // Its own name in another case is free, and another user's names are theirs.
    expect((await put(user, home.id, { name: 'Home' })).json().data.attributes.name).toBe('Home');
    await create(ann, { name: 'Home' });
  });

  it.each([
    [{}, 'name is a required field', ['name']],
    [{ name: '   ' }, 'name must be 1 to 100 characters', ['name']],
    [{ name: 'x'.repeat(101) }, 'name must be 1 to 100 characters', ['name']],
    [{ name: 7 }, 'name must be 1 to 100 characters', ['name']],
    [
      { name: 'a', color: 'red' },
      'color must be a colour written #rrggbb, e.g. #1e90ff',
      ['color'],
    ],
    [
      { name: 'a', color: '#12345' },
      'color must be a colour written #rrggbb, e.g. #1e90ff',
      ['color'],
    ],
    [{ name: 'a', owner: 3 }, 'owner is not an accepted field', ['owner']],
  ])('refuses %j', async (data, message, path) => {
    expect(issueOf(await post(ann, data))).toEqual({ message, path });
  });

  it('takes names of 100 code points, emoji counting one', async () => {
    const user = await register(t.app, credentials('labemoji'));
    const name = '🏷'.repeat(100);
    expect((await create(user, { name })).attributes.name).toBe(name);
  });

  it('refuses a body without data and an empty update', async () => {
    const bare = await call(t.app, ann, { method: 'POST', url: '/api/labels', payload: {} });
    expect(issueOf(bare).message).toBe('Missing "data" payload in the request body');
    const label = await create(ann, { name: 'Empty update' });
    expect(issueOf(await put(ann, label.id, {})).message).toBe(
      'Give at least one of name or color',
    );
  });

  it('keeps at most MAX_LABELS_PER_USER labels', async () => {
    const user = await register(t.app, credentials('lablimit'));
    for (let n = 1; n <= 5; n++) await create(user, { name: `L${n}` });
    expect(issueOf(await post(user, { name: 'L6' }))).toEqual({
      message: 'Label limit reached: a user may keep at most 5 labels',
      path: [],
    });
    const [first] = (await get(user, '/api/labels')).json<Page>().data;
    await remove(user, first!.id);
    await create(user, { name: 'L6' });
  });

  it('answers another user’s label as a missing one, changing nothing', async () => {
    const bob = await register(t.app, credentials('labbob'));
    const secret = await create(bob, { name: 'Secret' });
    for (const response of [
      await get(ann, `/api/labels/${secret.id}`),
      await put(ann, secret.id, { name: 'Mine' }),
      await remove(ann, secret.id),
      await get(ann, '/api/labels/2147483647'),
      await remove(ann, 2_147_483_647),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.name).toBe('NotFoundError');
    }
    expect((await get(bob, `/api/labels/${secret.id}`)).json().data).toEqual(secret);
    expect((await get(ann, '/api/labels/abc')).statusCode).toBe(404);
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/labels' })).statusCode).toBe(
      401,
    );
  });

  it('renames and recolours, keeping the todos it is on', async () => {
    const user = await register(t.app, credentials('labrename'));
    const label = await create(user, { name: 'Old' });
    const todo = await createTodo(t.app, user, { title: 'Tagged', labels: [label.id] });
    const renamed = await put(user, label.id, { name: 'New', color: '#ABCDEF' });
    expect(renamed.json().data.attributes).toMatchObject({ name: 'New', color: '#abcdef' });
    const populated = await get(user, `/api/todos/${todo.id}?populate=labels`);
    expect(populated.json().data.attributes.labels.data).toEqual([
      { id: label.id, attributes: renamed.json().data.attributes },
    ]);
  });

  it('deletes a label for good, taking it off its todos, which stay', async () => {
    const user = await register(t.app, credentials('labdelete'));
    const gone = await create(user, { name: 'Gone' });
    const kept = await create(user, { name: 'Kept' });
    const a = await createTodo(t.app, user, { title: 'a', labels: [gone.id, kept.id] });
    const b = await createTodo(t.app, user, { title: 'b', labels: [gone.id] });
    const trashed = await createTodo(t.app, user, { title: 'c', labels: [gone.id] });
    await call(t.app, user, { method: 'DELETE', url: `/api/todos/${trashed.id}` });
    const deleted = await remove(user, gone.id);
    expect(deleted.json()).toEqual({ data: gone, meta: { todos: 3 } });
    expect((await get(user, `/api/labels/${gone.id}`)).statusCode).toBe(404);
    const page = await get(user, '/api/todos?populate=labels&sort=id');
    expect(
      page
        .json()
        .data.map((todo: { id: number; attributes: { labels: { data: [] } } }) => [
          todo.id,
          todo.attributes.labels.data.map((label: { id: number }) => label.id),
        ]),
    ).toEqual([
      [a.id, [kept.id]],
      [b.id, []],
    ]);
    // Its name is free again.
    await create(user, { name: 'gone' });
  });

  it('lists a page of labels by name, with filters and sort', async () => {
    const user = await register(t.app, credentials('lablist'));
    for (const name of ['beta', 'Alpha', 'gamma', 'Delta']) await create(user, { name });
    const names = async (query: string) => {
      const response = await get(user, `/api/labels?${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<Page>();
      return [page.data.map((label) => label.attributes.name), page.meta.pagination.total];
    };
    expect(await names('')).toEqual([['Alpha', 'beta', 'Delta', 'gamma'], 4]);
    expect(await names('sort=name:desc')).toEqual([['gamma', 'Delta', 'beta', 'Alpha'], 4]);
    expect(await names('sort=id:desc&pagination[pageSize]=2')).toEqual([['Delta', 'gamma'], 4]);
    expect(await names('pagination[start]=1&pagination[limit]=2')).toEqual([['beta', 'Delta'], 4]);
    expect(await names('filters[name][$eq]=alpha')).toEqual([['Alpha'], 1]);
    expect(await names('filters[name][$eqi]=ALPHA')).toEqual([['Alpha'], 1]);
    expect(await names('filters[name][$containsi]=TA')).toEqual([['beta', 'Delta'], 2]);
    expect(await names('filters[name][$contains]=%25')).toEqual([[], 0]);
    expect(await names('sort=createdAt:desc&pagination[pageSize]=1')).toEqual([['Delta'], 4]);
    const bad = await get(user, '/api/labels?filters[color][$eq]=x');
    expect(issueOf(bad).message).toBe('filters.color is not a filterable field (use name)');
    expect(issueOf(await get(user, '/api/labels?sort=position')).message).toBe(
      'Cannot sort by "position" (use name, createdAt, updatedAt, id)',
    );
  });

  it('records a live event for every label write, and the todos a delete unlabels', async () => {
    const user = await register(t.app, credentials('labevents'));
    const label = await create(user, { name: 'Live' });
    await put(user, label.id, { color: '#123456' });
    const todo = await createTodo(t.app, user, { title: 'Tagged', labels: [label.id] });
    await call(t.app, user, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { labels: [] } },
    });
    await call(t.app, user, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { labels: { connect: [label.id] } } },
    });
    await remove(user, label.id);
    const events = await t.database.handle.db
      .selectFrom('todo_events')
      .select('data')
      .where('user_id', '=', user.user.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => JSON.parse(event.data))).toEqual([
      { action: 'label.created', id: label.id },
      { action: 'label.updated', id: label.id },
      { action: 'created', id: todo.id },
      { action: 'updated', id: todo.id },
      { action: 'updated', id: todo.id },
      { action: 'label.deleted', id: label.id },
      { action: 'updated', ids: [todo.id] },
    ]);
  });
});
