/**
 * @jest-environment node
 *
 * Idempotent writes (issue 27): an Idempotency-Key on POST /api/todos, PUT and DELETE
 * /api/todos/:id and POST /api/todos/bulk gives a retry the first answer without writing again,
 * also when the duplicates arrive at once; keys are per user, and a key reused for another
 * request is a 422.
 */
import type { Session } from '../../../src/shared/api-types';
import { purgeIdempotencyKeys } from '../../../src/server/http/idempotency';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(120_000);

describeEachDialect('idempotent writes', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const keyed = (
    session: Session,
    key: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => call(t.app, session, { method, url, payload, headers: { 'idempotency-key': key } });
  const total = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/todos' })).json().meta.pagination
      .total as number;

  it('answers a repeated POST with the first answer and creates nothing new', async () => {
    const session = await register(t.app, credentials('idem'));
    const first = await keyed(session, 'create-1', 'POST', '/api/todos', {
      data: { title: 'Once' },
    });
    const again = await keyed(session, 'create-1', 'POST', '/api/todos', {
      data: { title: 'Once' },
    });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await total(session)).toBe(1);
    // Without a key, or with another one, each POST creates.
    await call(t.app, session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'Once' } },
    });
    await keyed(session, 'create-2', 'POST', '/api/todos', { data: { title: 'Once' } });
    expect(await total(session)).toBe(3);
  });

  it('creates exactly one todo for 10 concurrent POSTs with the same key, all answered alike', async () => {
    const session = await register(t.app, credentials('idemrace'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        keyed(session, 'race', 'POST', '/api/todos', { data: { title: 'Raced' } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await total(session)).toBe(1);
  });

  it('keeps one user’s keys apart from another’s', async () => {
    const ann = await register(t.app, credentials('idemann'));
    const bob = await register(t.app, credentials('idembob'));
    const annAnswer = await keyed(ann, 'shared-key', 'POST', '/api/todos', {
      data: { title: 'Ann' },
    });
    const bobAnswer = await keyed(bob, 'shared-key', 'POST', '/api/todos', {
      data: { title: 'Bob' },
    });
    expect(bobAnswer.statusCode).toBe(200);
    expect(bobAnswer.json().data.id).not.toBe(annAnswer.json().data.id);
    expect(bobAnswer.json().data.attributes.title).toBe('Bob');
    expect([await total(ann), await total(bob)]).toEqual([1, 1]);
  });

  it('refuses a key reused for a different body, method or path with 422', async () => {
    const session = await register(t.app, credentials('idemreuse'));
    const first = await keyed(session, 'k', 'POST', '/api/todos', { data: { title: 'First' } });
    const id = first.json().data.id as number;
    for (const [method, url, payload] of [
      ['POST', '/api/todos', { data: { title: 'Second' } }],
      // Told apart as sent, not as read: the stored title would be the same once trimmed.
      ['POST', '/api/todos', { data: { title: ' First ' } }],
      ['PUT', `/api/todos/${id}`, { data: { title: 'First' } }],
      ['DELETE', `/api/todos/${id}`, undefined],
    ] as const) {
      const reused = await keyed(session, 'k', method, url, payload);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().error).toMatchObject({
        status: 422,
        name: 'ApplicationError',
        message: 'Idempotency-Key reused with a different request',
      });
    }
    expect(await total(session)).toBe(1);
    expect(
      (await call(t.app, session, { method: 'GET', url: `/api/todos/${id}` })).json().data
        .attributes.title,
    ).toBe('First');
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
    ['a control character', 'a\u0001b'],
  ])(
    'answers 400 ValidationError for a malformed key (%s) and writes nothing',
    async (_name, key) => {
      const session = await register(t.app, credentials('idembad'));
      const answer = await call(t.app, session, {
        method: 'POST',
        url: '/api/todos',
        payload: { data: { title: 'x' } },
        headers: { 'idempotency-key': key },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.name).toBe('ValidationError');
      expect(await total(session)).toBe(0);
    },
  );

  it('accepts a 255-character key of every printable ASCII character', async () => {
    const session = await register(t.app, credentials('idemlong'));
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i))
      .join('')
      .trim();
    const key = printable.repeat(3).slice(0, 255);
    const first = await keyed(session, key, 'POST', '/api/todos', { data: { title: 'Long key' } });
    expect(first.statusCode).toBe(200);
    expect(
      (await keyed(session, key, 'POST', '/api/todos', { data: { title: 'Long key' } })).body,
    ).toBe(first.body);
  });

  it('replays PUT, DELETE and bulk answers without doing them again', async () => {
    const session = await register(t.app, credentials('idemput'));
    const todo = await createTodo(t.app, session, { title: 'Start' });
    const put = await keyed(session, 'put', 'PUT', `/api/todos/${todo.id}`, {
      data: { title: 'Renamed' },
    });
    await call(t.app, session, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { title: 'Changed since' } },
    });
    const putAgain = await keyed(session, 'put', 'PUT', `/api/todos/${todo.id}`, {
      data: { title: 'Renamed' },
    });
    expect(putAgain.body).toBe(put.body);
    // The replay did not write: the later change stands.
    expect(
      (await call(t.app, session, { method: 'GET', url: `/api/todos/${todo.id}` })).json().data
        .attributes.title,
    ).toBe('Changed since');

    const deleted = await keyed(session, 'del', 'DELETE', `/api/todos/${todo.id}`);
    const deletedAgain = await keyed(session, 'del', 'DELETE', `/api/todos/${todo.id}`);
    expect([deleted.statusCode, deletedAgain.statusCode]).toEqual([200, 200]);
    expect(deletedAgain.body).toBe(deleted.body);
    // Without the key, a second delete finds nothing.
    expect(
      (await call(t.app, session, { method: 'DELETE', url: `/api/todos/${todo.id}` })).statusCode,
    ).toBe(404);

    const a = await createTodo(t.app, session, { title: 'a' });
    const bulk = await keyed(session, 'bulk', 'POST', '/api/todos/bulk', {
      action: 'complete',
      ids: [a.id],
    });
    await call(t.app, session, {
      method: 'POST',
      url: '/api/todos/bulk',
      payload: { action: 'uncomplete', ids: [a.id] },
    });
    const bulkAgain = await keyed(session, 'bulk', 'POST', '/api/todos/bulk', {
      action: 'complete',
      ids: [a.id],
    });
    expect(bulk.json()).toEqual({ data: { count: 1 } });
    expect(bulkAgain.body).toBe(bulk.body);
    expect(
      (await call(t.app, session, { method: 'GET', url: `/api/todos/${a.id}` })).json().data
        .attributes.completed,
    ).toBe(false);
  });

  it('stores no failed answer: a retry after a 404 runs again', async () => {
    const session = await register(t.app, credentials('idemfail'));
    const missing = await keyed(session, 'missing', 'POST', '/api/todos/bulk', {
      action: 'restore',
      ids: [2147483000],
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (
        await keyed(session, 'missing', 'POST', '/api/todos/bulk', {
          action: 'restore',
          ids: [2147483000],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('forgets keys after 24 hours', async () => {
    const session = await register(t.app, credentials('idemold'));
    await keyed(session, 'old', 'POST', '/api/todos', { data: { title: 'Yesterday' } });
    expect(
      await purgeIdempotencyKeys(t.database.handle.db, new Date(Date.now() + 25 * 3_600_000)),
    ).toBeGreaterThan(0);
    const later = await keyed(session, 'old', 'POST', '/api/todos', { data: { title: 'Today' } });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.attributes.title).toBe('Today');
    expect(await total(session)).toBe(2);
  });
});
