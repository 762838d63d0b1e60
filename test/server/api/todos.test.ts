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

describeEachDialect('todos API', (dialect) => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    session = await register(t.app, credentials('Todo'));
  });
  afterAll(() => t.close());

  const list = async (owner: Session, query: string) => {
    const response = await call(t.app, owner, { method: 'GET', url: `/api/todos${query}` });
    return { status: response.statusCode, body: response.json() };
  };
  const titles = (body: { data: TodoEntity[] }) => body.data.map((todo) => todo.attributes.title);

  describe('create, read, update, delete', () => {
    it('creates a todo owned by the caller, with Strapi shape, title trimmed', async () => {
      const response = await call(t.app, session, {
        method: 'POST',
        url: '/api/todos/',
        payload: {
          data: { title: '  Buy milk  ', description: 'semi-skimmed', user: session.user.id },
        },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        data: {
          id: expect.any(Number),
          attributes: {
            title: 'Buy milk',
            description: 'semi-skimmed',
            completed: false,
            createdAt: expect.stringMatching(/Z$/),
            updatedAt: body.data.attributes.createdAt,
            dueDate: null,
            remindAt: null,
            recurrence: null,
            seriesId: null,
            priority: 0,
            // A new todo comes last in the owner's order: its position is its id.
            position: body.data.id,
          },
        },
        meta: {},
      });
      const read = await call(t.app, session, { method: 'GET', url: `/api/todos/${body.data.id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(body);
    });

    it('accepts the owner as [id], defaults description to null and completed to false', async () => {
      const todo = await createTodo(t.app, session, { title: 'Sample', user: [session.user.id] });
      expect(todo.attributes).toMatchObject({ description: null, completed: false });
    });

    it('updates given fields, changes updatedAt, keeps the rest', async () => {
      const todo = await createTodo(t.app, session, { title: 'Before', description: 'keep me' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await call(t.app, session, {
        method: 'PUT',
        url: `/api/todos/${todo.id}`,
        payload: { data: { completed: true, title: 'After' } },
      });
      expect(response.statusCode).toBe(200);
      const { attributes } = response.json().data;
      expect(attributes).toMatchObject({
        title: 'After',
        description: 'keep me',
        completed: true,
        createdAt: todo.attributes.createdAt,
      });
      expect(attributes.updatedAt > (todo.attributes.updatedAt as string)).toBe(true);
      const cleared = await call(t.app, session, {
        method: 'PUT',
        url: `/api/todos/${todo.id}`,
        payload: { data: { description: null } },
      });
      expect(cleared.json().data.attributes.description).toBeNull();
    });

    it('deletes and answers the deleted todo; it is gone afterwards', async () => {
      const todo = await createTodo(t.app, session, { title: 'Delete me' });
      const response = await call(t.app, session, {
        method: 'DELETE',
        url: `/api/todos/${todo.id}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        id: todo.id,
        attributes: { title: 'Delete me' },
      });
      for (const method of ['GET', 'DELETE'] as const) {
        const again = await call(t.app, session, { method, url: `/api/todos/${todo.id}` });
        expect(again.statusCode).toBe(404);
        expect(again.json().error).toMatchObject({ status: 404, name: 'NotFoundError' });
      }
      const put = await call(t.app, session, {
        method: 'PUT',
        url: `/api/todos/${todo.id}`,
        payload: { data: { title: 'x' } },
      });
      expect(put.statusCode).toBe(404);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])(
      'answers 404 for the id %s',
      async (id) => {
        expect(
          (await call(t.app, session, { method: 'GET', url: `/api/todos/${id}` })).statusCode,
        ).toBe(404);
      },
    );

    it('needs a token for every todo route', async () => {
      for (const [method, url] of [
        ['GET', '/api/todos'],
        ['GET', '/api/todos/1'],
        ['POST', '/api/todos'],
        ['PUT', '/api/todos/1'],
        ['DELETE', '/api/todos/1'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          payload: method === 'POST' || method === 'PUT' ? { data: { title: 'x' } } : undefined,
        });
        expect(response.statusCode).toBe(401);
      }
    });
  });

  describe('body rules', () => {
    const post = (payload: unknown) =>
      call(t.app, session, { method: 'POST', url: '/api/todos', payload: payload as object });
    const errorsOf = (response: {
      json(): { error: { details: { errors: { path: string[]; message: string }[] } } };
    }) => response.json().error.details.errors;

    it('requires data', async () => {
      const response = await post({ title: 'no envelope' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        name: 'ValidationError',
        message: 'Missing "data" payload in the request body',
      });
    });

    it('requires a title', async () => {
      const response = await post({ data: {} });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toEqual([
        { path: ['title'], message: 'title is a required field', name: 'ValidationError' },
      ]);
      const blank = await post({ data: { title: '   ' } });
      expect(errorsOf(blank)[0]).toMatchObject({ path: ['title'], message: 'Title is required' });
    });

    it('counts the title in code points: 255 emoji pass, 256 characters do not', async () => {
      expect((await post({ data: { title: '😀'.repeat(255) } })).statusCode).toBe(200);
      const tooLong = await post({ data: { title: 'x'.repeat(256) } });
      expect(tooLong.statusCode).toBe(400);
      expect(errorsOf(tooLong)[0]).toMatchObject({
        path: ['title'],
        message: 'Title must be at most 255 characters',
      });
    });

    it('takes a description of up to 10,000 characters', async () => {
      expect(
        (await post({ data: { title: 'long', description: 'd'.repeat(10_000) } })).statusCode,
      ).toBe(200);
      const tooLong = await post({ data: { title: 'long', description: 'd'.repeat(10_001) } });
      expect(errorsOf(tooLong)[0]).toMatchObject({ path: ['description'] });
    });

    it.each([
      [{ title: 5 }, 'title'],
      [{ title: 'x', completed: 'yes' }, 'completed'],
      [{ title: 'x', description: 7 }, 'description'],
      [{ title: 'x', owner: 1 }, 'owner'],
      [{ title: 'x', id: 99 }, 'id'],
      [{ title: 'x', createdAt: '2020-01-01T00:00:00.000Z' }, 'createdAt'],
    ])('refuses %j naming %s', async (data, path) => {
      const response = await post({ data });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response).map((e) => e.path[0])).toContain(path);
    });

    it.each([[null], [[]], ['text'], [42]])('refuses data = %j', async (data) => {
      expect((await post({ data })).statusCode).toBe(400);
    });

    it('needs at least one field to update', async () => {
      const todo = await createTodo(t.app, session, { title: 'Update rules' });
      for (const data of [{}, { user: session.user.id }]) {
        const response = await call(t.app, session, {
          method: 'PUT',
          url: `/api/todos/${todo.id}`,
          payload: { data },
        });
        expect(response.statusCode).toBe(400);
      }
    });
  });

  describe('list', () => {
    let owner: Session;
    beforeAll(async () => {
      owner = await register(t.app, credentials('Lister'));
      // Created one after another, so creation order is the order of this list.
      for (const title of [
        'banana',
        'Apple',
        'cherry',
        'éclair',
        'Élan',
        'apple pie',
        'Date',
        'fig',
      ]) {
        await createTodo(t.app, owner, {
          title,
          completed: title.toLowerCase().startsWith('a') || title === 'fig',
        });
      }
    });

    it('defaults to page 1 of 25, oldest first', async () => {
      const { status, body } = await list(owner, '');
      expect(status).toBe(200);
      expect(titles(body)).toEqual([
        'banana',
        'Apple',
        'cherry',
        'éclair',
        'Élan',
        'apple pie',
        'Date',
        'fig',
      ]);
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 8 });
    });

    it('pages with pagination[page] and pagination[pageSize]', async () => {
      const { body } = await list(owner, '?pagination[page]=2&pagination[pageSize]=3');
      expect(titles(body)).toEqual(['éclair', 'Élan', 'apple pie']);
      expect(body.meta.pagination).toEqual({ page: 2, pageSize: 3, pageCount: 3, total: 8 });
      const last = await list(owner, '?pagination[page]=3&pagination[pageSize]=3');
      expect(titles(last.body)).toEqual(['Date', 'fig']);
    });

    it('answers a page past the end with no data and the true totals', async () => {
      const { status, body } = await list(owner, '?pagination[page]=9&pagination[pageSize]=3');
      expect(status).toBe(200);
      expect(body).toEqual({
        data: [],
        meta: { pagination: { page: 9, pageSize: 3, pageCount: 3, total: 8 } },
      });
      const far = await list(owner, '?pagination[page]=999999999999999');
      expect(far.body.data).toEqual([]);
    });

    it('clamps pageSize above 100 to 100', async () => {
      const { body } = await list(owner, '?pagination[pageSize]=1000');
      expect(body.meta.pagination.pageSize).toBe(100);
    });

    it('also takes Strapi offset pagination', async () => {
      const { body } = await list(owner, '?pagination[start]=6&pagination[limit]=5');
      expect(titles(body)).toEqual(['Date', 'fig']);
      expect(body.meta.pagination).toEqual({ start: 6, limit: 5, total: 8 });
    });

    it.each([
      'pagination[page]=0',
      'pagination[page]=-1',
      'pagination[page]=abc',
      'pagination[page]=1.5',
      'pagination[pageSize]=0',
      'pagination[pageSize]=',
      'pagination[page][x]=1',
      'pagination[page]=1&pagination[start]=0',
      'pagination[bogus]=1',
      'pagination=5',
    ])('refuses %s with 400', async (query) => {
      const { status, body } = await list(owner, `?${query}`);
      expect(status).toBe(400);
      expect(body.error.name).toBe('ValidationError');
      expect(body.error.details.errors.length).toBeGreaterThan(0);
    });

    it('searches titles case-insensitively, Unicode aware', async () => {
      expect(titles((await list(owner, '?filters[title][$contains]=APPLE')).body)).toEqual([
        'Apple',
        'apple pie',
      ]);
      expect(
        titles((await list(owner, `?filters[title][$contains]=${encodeURIComponent('É')}`)).body),
      ).toEqual(['éclair', 'Élan']);
      expect(titles((await list(owner, '?filters[title][$containsi]=an')).body)).toEqual([
        'banana',
        'Élan',
      ]);
      // "e" is not "é": case folds, accents stay.
      const { body } = await list(owner, '?filters[title][$contains]=e&pagination[pageSize]=2');
      expect(titles(body)).toEqual(['Apple', 'cherry']);
      expect(body.meta.pagination).toMatchObject({ total: 4, pageCount: 2 });
    });

    it('treats % and _ in the search as plain characters', async () => {
      await createTodo(t.app, owner, { title: '100% done_now' });
      expect(titles((await list(owner, '?filters[title][$contains]=%25')).body)).toEqual([
        '100% done_now',
      ]);
      expect(titles((await list(owner, '?filters[title][$contains]=e_n')).body)).toEqual([
        '100% done_now',
      ]);
      const all = await list(owner, '?filters[title][$contains]=_');
      expect(titles(all.body)).toEqual(['100% done_now']);
      await call(t.app, owner, { method: 'DELETE', url: `/api/todos/${all.body.data[0].id}` });
    });

    it('filters by completion', async () => {
      expect(titles((await list(owner, '?filters[completed][$eq]=true')).body)).toEqual([
        'Apple',
        'apple pie',
        'fig',
      ]);
      expect((await list(owner, '?filters[completed][$eq]=false')).body.meta.pagination.total).toBe(
        5,
      );
    });

    it.each([
      'filters[description][$contains]=x',
      'filters[title][$eq]=x',
      'filters[title][$contains][0]=a&filters[title][$contains][1]=b',
      'filters[completed][$eq]=maybe',
      'filters[completed][$ne]=true',
      'filters[$or][0][title][$contains]=a',
      'filters=title',
    ])('refuses %s with 400', async (query) => {
      const { status, body } = await list(owner, `?${query}`);
      expect(status).toBe(400);
      expect(body.error.name).toBe('ValidationError');
    });

    it('sorts by title case-insensitively in both directions', async () => {
      const asc = titles((await list(owner, '?sort=title:asc')).body);
      expect(asc).toEqual([
        'Apple',
        'apple pie',
        'banana',
        'cherry',
        'Date',
        'fig',
        'éclair',
        'Élan',
      ]);
      expect(titles((await list(owner, '?sort=title:DESC')).body)).toEqual([...asc].reverse());
      expect(titles((await list(owner, '?sort[0]=title:desc')).body)).toEqual([...asc].reverse());
    });

    it('sorts by several keys and breaks ties by id in the first key’s direction', async () => {
      const { body } = await list(owner, '?sort=completed:desc,title:asc');
      expect(titles(body)).toEqual([
        'Apple',
        'apple pie',
        'fig',
        'banana',
        'cherry',
        'Date',
        'éclair',
        'Élan',
      ]);
      const ids = (await list(owner, '?sort=completed:desc')).body.data.map(
        (todo: TodoEntity) => todo.id,
      );
      const done = ids.slice(0, 3);
      expect(done).toEqual([...done].sort((a: number, b: number) => b - a));
    });

    it('never repeats or skips a row across pages with equal sort keys', async () => {
      const twin = await register(t.app, credentials('Twin'));
      for (let index = 0; index < 7; index += 1) await createTodo(t.app, twin, { title: 'same' });
      const seen: number[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const { body } = await list(
          twin,
          `?sort=title:desc&pagination[pageSize]=2&pagination[page]=${page}`,
        );
        seen.push(...body.data.map((todo: TodoEntity) => todo.id));
      }
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
      expect(new Set(seen).size).toBe(7);
    });

    it('sorts by createdAt, updatedAt and id', async () => {
      const created = titles((await list(owner, '?sort=createdAt:desc')).body);
      expect(created[0]).toBe('fig');
      expect(titles((await list(owner, '?sort=id:desc')).body)).toEqual(created);
      const first = (await list(owner, '?sort=createdAt:asc')).body.data[0];
      await call(t.app, owner, {
        method: 'PUT',
        url: `/api/todos/${first.id}`,
        payload: { data: { title: first.attributes.title } },
      });
      expect(titles((await list(owner, '?sort=updatedAt:desc')).body)[0]).toBe('banana');
    });

    it.each(['sort=color:asc', 'sort=title:up', 'sort=title:asc:desc', 'sort[0][x]=title'])(
      'refuses %s with 400',
      async (query) => {
        const { status, body } = await list(owner, `?${query}`);
        expect(status).toBe(400);
        expect(body.error.details.errors[0].path).toEqual(['sort']);
      },
    );
  });
});
