import type { Session } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

describeEachDialect('users/me, errors, headers and docs', (dialect) => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    session = await register(t.app, credentials('Me'));
  });
  afterAll(() => t.close());

  describe('GET /api/users/me', () => {
    it('answers the caller without todos unless asked', async () => {
      const response = await call(t.app, session, { method: 'GET', url: '/api/users/me' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(session.user);
    });

    const UNDATED = {
      dueDate: null,
      remindAt: null,
      recurrence: null,
      seriesId: null,
      priority: 0,
      // A new todo's id (checked by todos.test.ts).
      position: expect.any(Number),
    };
    it.each(['populate=todos', 'populate=*', 'populate[0]=todos', 'populate[todos]=true'])(
      'adds flat todos, oldest first, for %s',
      async (query) => {
        const owner = await register(t.app, credentials('Pop'));
        await createTodo(t.app, owner, { title: 'first', description: 'd1' });
        await createTodo(t.app, owner, { title: 'second', completed: true });
        const response = await call(t.app, owner, { method: 'GET', url: `/api/users/me?${query}` });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject(owner.user);
        expect(body.todos).toEqual([
          {
            id: expect.any(Number),
            title: 'first',
            description: 'd1',
            completed: false,
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
            ...UNDATED,
          },
          {
            id: expect.any(Number),
            title: 'second',
            description: null,
            completed: true,
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
            ...UNDATED,
          },
        ]);
      },
    );

    it('populates every todo exactly as the list answers it, whatever the text holds', async () => {
      const owner = await register(t.app, credentials('Text'));
      const titles = [
        'quote " and \\ backslash',
        'tab\tnew\nline',
        'Ünïcödé ✓ 🎉',
        '</script><b>',
        'control \u0001\u001f',
        "'single'",
      ];
      for (const [index, title] of titles.entries()) {
        await createTodo(t.app, owner, {
          title,
          description: index % 2 ? null : `about ${title}`,
          completed: index % 3 === 0,
        });
      }
      const populated = await call(t.app, owner, {
        method: 'GET',
        url: '/api/users/me?populate=todos',
      });
      const listed = await call(t.app, owner, {
        method: 'GET',
        url: '/api/todos?pagination[pageSize]=100',
      });
      expect(populated.headers['content-type']).toBe('application/json; charset=utf-8');
      const flat = listed.json().data.map((todo: { id: number; attributes: object }) => ({
        id: todo.id,
        ...todo.attributes,
      }));
      expect(flat.map((todo: { title: string }) => todo.title)).toEqual(titles);
      expect(populated.json()).toEqual({ ...owner.user, todos: flat });
    });

    it('answers the whole-list requests of many users at once, every one complete', async () => {
      const owners = [];
      for (let i = 0; i < 8; i++) {
        const owner = await register(t.app, credentials('Many'));
        for (let j = 0; j < 3; j++) await createTodo(t.app, owner, { title: `u${i} t${j}` });
        owners.push(owner);
      }
      const answers = await Promise.all(
        owners.map((owner) =>
          call(t.app, owner, { method: 'GET', url: '/api/users/me?populate=todos' }),
        ),
      );
      for (const [i, answer] of answers.entries()) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json().todos.map((todo: { title: string }) => todo.title)).toEqual(
          [0, 1, 2].map((j) => `u${i} t${j}`),
        );
      }
    });

    it('populates an empty list for a user without todos', async () => {
      const owner = await register(t.app, credentials('Empty'));
      const response = await call(t.app, owner, {
        method: 'GET',
        url: '/api/users/me?populate=todos',
      });
      expect(response.json()).toEqual({ ...owner.user, todos: [] });
    });

    it('refuses to populate anything else', async () => {
      const response = await call(t.app, session, {
        method: 'GET',
        url: '/api/users/me?populate=role',
      });
      expect(response.statusCode).toBe(400);
    });

    it.each(['/api/users', '/api/users/1', '/api/nothing-here', '/api'])(
      'answers %s with the JSON 404',
      async (url) => {
        const response = await call(t.app, session, { method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          data: null,
          error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
        });
      },
    );
  });

  describe('malformed requests', () => {
    const post = (payload: string, contentType: string) =>
      call(t.app, session, {
        method: 'POST',
        url: '/api/todos',
        payload,
        headers: { 'content-type': contentType },
      });

    it('answers a body that is not JSON with 415', async () => {
      const response = await post('title=x', 'application/x-www-form-urlencoded');
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toMatchObject({
        status: 415,
        name: 'UnsupportedMediaTypeError',
      });
      expect((await post('{"data":{"title":"x"}}', 'text/plain')).statusCode).toBe(415);
    });

    it('answers broken JSON with a 400 ValidationError', async () => {
      for (const body of ['{"data":', '', 'nul']) {
        const response = await post(body, 'application/json');
        expect(response.statusCode).toBe(400);
        expect(response.json().error.name).toBe('ValidationError');
      }
    });

    it('answers prototype-poisoning keys with 400 and stores nothing', async () => {
      const response = await post(
        '{"data":{"title":"x","__proto__":{"admin":true}}}',
        'application/json',
      );
      expect(response.statusCode).toBe(400);
      const constructor = await post(
        '{"data":{"title":"x","constructor":{"prototype":{"admin":true}}}}',
        'application/json',
      );
      expect(constructor.statusCode).toBe(400);
    });

    it('answers a body over 64 KiB with 413, and takes one just under', async () => {
      const big = JSON.stringify({ data: { title: 'big', description: 'x'.repeat(70_000) } });
      const response = await post(big, 'application/json');
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({ status: 413, name: 'PayloadTooLargeError' });
      const padded = `${JSON.stringify({ data: { title: 'fits' } })}${' '.repeat(60_000)}`;
      expect((await post(padded, 'application/json')).statusCode).toBe(200);
    });

    it('answers unknown methods on known paths with 404, without detail', async () => {
      const response = await call(t.app, session, {
        method: 'PATCH',
        url: '/api/todos/1',
        payload: { data: {} },
      });
      expect(response.statusCode).toBe(404);
    });

    it('never answers a query built to be huge or deep with a 5xx', async () => {
      const deep = `filters${'[a]'.repeat(50)}=1`;
      const wide = Array.from({ length: 500 }, (_, index) => `sort[${index}]=title`).join('&');
      for (const query of [
        deep,
        wide,
        `filters[title][$contains]=${'x'.repeat(5000)}`,
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
      ]) {
        const response = await call(t.app, session, { method: 'GET', url: `/api/todos?${query}` });
        expect(response.statusCode).toBeLessThan(500);
      }
    });
  });

  describe('headers', () => {
    it('sends the security headers and no-store on API answers', async () => {
      for (const url of ['/api/health', '/api/todos', '/api/nowhere']) {
        const response = await call(t.app, session, { method: 'GET', url });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        expect(response.headers['content-security-policy']).not.toContain(
          "script-src 'self' 'unsafe-inline'",
        );
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('keeps CORS closed by default', async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/todos',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('documentation', () => {
    it('serves an OpenAPI 3.1 description of every route', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/auth/local/register',
          '/api/auth/local',
          '/api/auth/logout',
          '/api/users/me',
          '/api/todos',
          '/api/todos/{id}',
          '/api/health',
        ]),
      );
      const registerBody =
        doc.paths['/api/auth/local/register'].post.requestBody.content['application/json'].schema;
      expect(registerBody.required).toEqual(
        expect.arrayContaining(['email', 'username', 'password']),
      );
      expect(registerBody.additionalProperties).toBe(false);
    });

    it('describes the list query in bracket form and a todo body inside its data envelope', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const listParameters = (doc.paths['/api/todos'].get.parameters as { name: string }[]).map(
        (parameter) => parameter.name,
      );
      expect(listParameters).toEqual(
        expect.arrayContaining([
          'pagination[page]',
          'pagination[pageSize]',
          'filters[title][$contains]',
          'sort',
        ]),
      );
      const createBody =
        doc.paths['/api/todos'].post.requestBody.content['application/json'].schema;
      expect(createBody).toMatchObject({
        type: 'object',
        required: ['data'],
        properties: { data: { required: ['title'], additionalProperties: false } },
      });
    });

    it('renders the docs page', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    });
  });
});
