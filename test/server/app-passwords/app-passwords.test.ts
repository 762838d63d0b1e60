/** @jest-environment node */
import { setBlocked } from '../../../src/server/users/repository';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

describeEachDialect('app passwords', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const create = (session: Awaited<ReturnType<typeof register>>, name: string) =>
    call(t.app, session, {
      method: 'POST',
      url: '/api/app-passwords',
      payload: { data: { name } },
    });
  const list = async (session: Awaited<ReturnType<typeof register>>) =>
    (await call(t.app, session, { method: 'GET', url: '/api/app-passwords' })).json().data;

  it('shows a new password once, lists them without secrets and revokes one', async () => {
    const session = await register(t.app);
    const made = await create(session, '  iPhone ');
    expect(made.statusCode).toBe(200);
    const { data } = made.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'iPhone',
      password: expect.stringMatching(/^([a-z2-7]{4}-){7}[a-z2-7]{4}$/),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    await create(session, 'Thunderbird');
    const listed = await list(session);
    expect(listed.map((entry: { name: string }) => entry.name)).toEqual(['iPhone', 'Thunderbird']);
    expect(JSON.stringify(listed)).not.toContain(data.password);
    const removed = await call(t.app, session, {
      method: 'DELETE',
      url: `/api/app-passwords/${data.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(session)).map((entry: { name: string }) => entry.name)).toEqual([
      'Thunderbird',
    ]);
  });

  it('refuses a missing name, needs a token, and hides another user’s (404)', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    expect((await create(owner, '')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/app-passwords' })).statusCode).toBe(401);
    const { id } = (await create(owner, 'Phone')).json().data;
    const stolen = await call(t.app, other, { method: 'DELETE', url: `/api/app-passwords/${id}` });
    expect(stolen.statusCode).toBe(404);
    expect(await list(owner)).toHaveLength(1);
  });

  it('are revoked by "log out of all devices" and by a block', async () => {
    const who = credentials();
    const session = await register(t.app, who);
    await create(session, 'Phone');
    await call(t.app, session, { method: 'POST', url: '/api/auth/logout-all' });
    const again = await register(t.app);
    await create(again, 'Phone');
    await setBlocked(t.database.handle.db, again.user.email, true);
    const rows = await t.database.handle.db
      .selectFrom('app_passwords')
      .select('owner_id')
      .where('owner_id', 'in', [session.user.id, again.user.id])
      .execute();
    expect(rows).toEqual([]);
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const create = doc.paths['/api/app-passwords'].post;
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      required: ['data'],
      properties: { data: { required: ['name'] } },
    });
    expect(Object.keys(doc.paths['/api/app-passwords'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(doc.paths['/api/app-passwords/{id}'].delete).toBeDefined();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/dav'))).toEqual([]);
  });
});
