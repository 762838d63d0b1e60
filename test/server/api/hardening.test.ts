/**
 * @jest-environment node
 *
 * The holes an adversarial review found (issue 24), each tried as the attacker did: parallel
 * password guesses, spoofed proxy headers, one user's populate calls, more todos than allowed,
 * revived tokens, ids past int4, deep nesting, common passwords, and bodies the parser refuses.
 */
import { createSigner } from 'fast-jwt';
import type { LightMyRequestResponse } from 'fastify';
import type { Session } from '../../../src/shared/api-types';
import { setBlocked } from '../../../src/server/users/repository';
import {
  bearer,
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(120_000);

const login = (
  t: TestApp,
  identifier: string,
  password: string,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier, password },
    ...extra,
  });

/** Fires `count` calls `batch` at a time; the statuses in order. */
async function fire(
  count: number,
  batch: number,
  send: (i: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let start = 0; start < count; start += batch) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(batch, count - start) }, (_, i) => send(start + i)),
      )),
    );
  }
  return answers;
}

const statuses = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>(
    (counts, answer) => ({ ...counts, [answer.statusCode]: (counts[answer.statusCode] ?? 0) + 1 }),
    {},
  );

describeEachDialect('hardening', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('verifies at most 10 guesses per identifier however many arrive at once, then refuses even the right password', async () => {
    const victim = credentials('victim');
    await register(t.app, victim);
    const answers = await fire(300, 50, (i) =>
      login(t, victim.email, `Wrong${i}!xY`, { remoteAddress: `198.51.100.${i % 200}` }),
    );
    expect(statuses(answers)).toEqual({ 400: 10, 429: 290 });
    expect(answers.find((answer) => answer.statusCode === 429)?.headers['retry-after']).toMatch(
      /^\d+$/,
    );
    const right = await login(t, victim.email, victim.password, {
      remoteAddress: '198.51.100.250',
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.name).toBe('RateLimitError');
  });

  it('verifies at most 50 guesses per address, across identifiers', async () => {
    const answers = await fire(80, 40, (i) =>
      login(t, `nobody${i}@example.com`, 'Wrong1!xY', { remoteAddress: '203.0.113.9' }),
    );
    expect(statuses(answers)).toEqual({ 400: 50, 429: 30 });
  });

  it('does not count successful logins', async () => {
    const account = credentials('steady');
    await register(t.app, account);
    for (let i = 0; i < 15; i++)
      expect(
        (await login(t, account.username, account.password, { remoteAddress: '192.0.2.77' }))
          .statusCode,
      ).toBe(200);
  });

  it('lists the oldest 1,000 todos with populate=todos, one call at a time per user', async () => {
    const heavy = await register(t.app, credentials('heavy'));
    const other = await register(t.app, credentials('light'));
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 1050 }, (_, i) => {
      const at = new Date(base + (1050 - i) * 1000).toISOString();
      return {
        owner_id: heavy.user.id,
        title: `t${i}`,
        title_key: `t${i}`,
        description: null,
        completed: 0,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await t.database.handle.db
        .insertInto('todos')
        .values(rows.slice(i, i + 200))
        .execute();
    const populate = (session: Session) =>
      call(t.app, session, { method: 'GET', url: '/api/users/me?populate=todos' });
    const answers = await Promise.all([
      populate(heavy),
      populate(heavy),
      populate(heavy),
      populate(heavy),
      populate(other),
    ]);
    // While one call of a user is under way, the others do not wait for a slot: they are refused.
    const served = answers.slice(0, 4).filter((answer) => answer.statusCode === 200);
    const refused = answers.slice(0, 4).filter((answer) => answer.statusCode === 429);
    expect(served.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length + refused.length).toBe(4);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    for (const answer of served) {
      const todos = answer.json().todos as { title: string }[];
      expect([todos.length, todos[0]!.title, todos[999]!.title]).toEqual([1000, 't1049', 't50']);
    }
    expect(answers[4]!.statusCode).toBe(200);
    expect((await populate(heavy)).json().todos).toHaveLength(1000);
  });

  it('ends tokens for good when a user is blocked: an unblock does not revive them', async () => {
    const account = credentials('blocked');
    const session = await register(t.app, account);
    const me = (jwt: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${jwt}` },
      });
    expect((await me(session.jwt)).statusCode).toBe(200);
    await setBlocked(t.database.handle.db, account.email, true);
    await setBlocked(t.database.handle.db, account.email, false);
    expect((await me(session.jwt)).statusCode).toBe(401);
    const fresh = await login(t, account.email, account.password);
    expect((await me(fresh.json().jwt)).statusCode).toBe(200);
  });

  it('answers 404 for ids beyond the column, on every verb', async () => {
    const session = await register(t.app, credentials('ids'));
    for (const id of ['2147483648', '3000000000', '99999999999999999999']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const answer = await call(t.app, session, {
          method,
          url: `/api/todos/${id}`,
          ...(method === 'PUT' && { payload: { data: { title: 'x' } } }),
        });
        expect([id, method, answer.statusCode, answer.json().error.name]).toEqual([
          id,
          method,
          404,
          'NotFoundError',
        ]);
      }
    }
  });

  it('refuses deeply nested filters and bodies with 400 before parsing work grows', async () => {
    const session = await register(t.app, credentials('deep'));
    const query = `filters${'[title]'.repeat(200)}=x`;
    const deepQuery = await call(t.app, session, { method: 'GET', url: `/api/todos?${query}` });
    expect([deepQuery.statusCode, deepQuery.json().error.name]).toEqual([400, 'ValidationError']);
    const body = `{"data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    for (const url of ['/api/todos', '/api/auth/local/register', '/api/auth/local']) {
      const deepBody = await call(t.app, session, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect([url, deepBody.statusCode, deepBody.json().error.message]).toEqual([
        url,
        400,
        'Request body is nested deeper than 32 levels',
      ]);
    }
    // Brackets inside strings are text, not nesting.
    const bracketed = await call(t.app, session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: '[{'.repeat(100) } },
    });
    expect(bracketed.statusCode).toBe(200);
  });

  it.each(['P@ssw0rd', 'Password1!', 'Qwerty123!'])(
    'refuses the common password %s at registration',
    async (password) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: { ...credentials('common'), password },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatchObject({
        name: 'ValidationError',
        message: 'This password is too common',
        details: { errors: [{ path: ['password'], message: 'This password is too common' }] },
      });
    },
  );

  it('refuses a token with alg none or signed by another key (with a kid)', async () => {
    const session = await register(t.app, credentials('forged'));
    const [header, payload] = session.jwt.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const otherKey = createSigner({ key: 'y'.repeat(48), algorithm: 'HS256', kid: 'ticklist-2' })({
      id: session.user.id,
      jti: 'x',
      iat: 1,
      exp: 4_000_000_000,
    });
    for (const jwt of [none, otherKey, `${header}.${payload}.`]) {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/users/me',
            headers: { authorization: `Bearer ${jwt}` },
          })
        ).statusCode,
      ).toBe(401);
    }
  });
});

describeEachDialect('per-user limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: '5', WRITE_RATE_PER_MINUTE: '40' });
  });
  afterAll(() => t.close());

  it('refuses creates beyond MAX_TODOS_PER_USER, also when they arrive at once', async () => {
    const session = await register(t.app, credentials('limited'));
    const answers = await fire(20, 20, (i) =>
      call(t.app, session, {
        method: 'POST',
        url: '/api/todos',
        payload: { data: { title: `todo ${i}` } },
      }),
    );
    expect(statuses(answers)).toEqual({ 200: 5, 403: 15 });
    expect(answers.find((answer) => answer.statusCode === 403)?.json()).toEqual({
      data: null,
      error: { status: 403, name: 'ApplicationError', message: 'Todo limit reached', details: {} },
    });
    const list = await call(t.app, session, { method: 'GET', url: '/api/todos' });
    expect(list.json().meta.pagination.total).toBe(5);
  });

  it('answers 429 past WRITE_RATE_PER_MINUTE writes, and still reads', async () => {
    const session = await register(t.app, credentials('writer'));
    const [first] = (await call(t.app, session, { method: 'GET', url: '/api/todos' })).json().data;
    expect(first).toBeUndefined();
    const answers = await fire(45, 5, () =>
      call(t.app, session, {
        method: 'PUT',
        url: '/api/todos/1',
        payload: { data: { title: 'x' } },
      }),
    );
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
    expect(answers.find((answer) => answer.statusCode === 429)?.headers['retry-after']).toMatch(
      /^\d+$/,
    );
    expect((await call(t.app, session, { method: 'GET', url: '/api/todos' })).statusCode).toBe(200);
  });
});

describe('client addresses behind a proxy', () => {
  it.each([
    ['a hop count', '1', '10.0.0.2'],
    ['the proxy address', '10.0.0.2', '10.0.0.2'],
    ['a CIDR range', '10.0.0.0/8', '10.0.0.2'],
  ])(
    'with %s the throttle counts the right-most untrusted address, not what the client wrote',
    async (_name, trust, proxy) => {
      const t = await createTestApp('sqlite', { TRUST_PROXY: trust });
      try {
        // A brute-forcer rotates the left-most X-Forwarded-For entry; the proxy appends the real address.
        const answers = await fire(60, 30, (i) =>
          login(t, `probe${i}@example.com`, 'Wrong1!xY', {
            remoteAddress: proxy,
            headers: { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.50` },
          }),
        );
        expect(statuses(answers)).toEqual({ 400: 50, 429: 10 });
        // Another client behind the same proxy is not held back.
        expect(
          (
            await login(t, 'someone@example.com', 'Wrong1!xY', {
              remoteAddress: proxy,
              headers: { 'x-forwarded-for': '203.0.113.51' },
            })
          ).statusCode,
        ).toBe(400);
      } finally {
        await t.close();
      }
    },
  );

  it('believes no header when the proxy is not the one named', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: '10.0.0.2' });
    try {
      const answers = await fire(55, 55, (i) =>
        login(t, `probe${i}@example.com`, 'Wrong1!xY', {
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
        }),
      );
      expect(statuses(answers)).toEqual({ 400: 50, 429: 5 });
    } finally {
      await t.close();
    }
  });
});

describe('security headers on every answer', () => {
  let t: TestApp;
  let origin: string;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    session = await register(t.app, credentials('headers'));
  });
  afterAll(() => t.close());

  it.each([
    ['malformed JSON', 'application/json', '{bad', 400],
    ['a body that is not JSON', 'text/plain', 'hello', 415],
    [
      'a 2 MB body',
      'application/json',
      JSON.stringify({ data: { title: 'x'.repeat(2_000_000) } }),
      413,
    ],
  ])(
    '%s answers %s in the error envelope with the headers of a 200',
    async (_name, type, body, status) => {
      const ok = await fetch(`${origin}/api/todos`, { headers: bearer(session) });
      const refused = await fetch(`${origin}/api/todos`, {
        method: 'POST',
        headers: { ...bearer(session), 'content-type': type },
        body,
      });
      expect(refused.status).toBe(status);
      expect((await refused.json()).error.status).toBe(status);
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'cache-control',
      ]) {
        expect([name, refused.headers.get(name)]).toEqual([name, ok.headers.get(name)]);
      }
    },
  );
});
