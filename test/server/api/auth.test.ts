import fs from 'node:fs';
import { SignJWT } from 'jose';
import type { Session } from '../../../src/shared/api-types';
import { setBlocked, deleteUser } from '../../../src/server/users/repository';
import {
  bearer,
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

const me = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers });

describeEachDialect('auth', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(dialect)));
  afterAll(() => t.close());

  describe('POST /api/auth/local/register', () => {
    it('creates the account and answers a jwt and the public user', async () => {
      const body = { ...credentials('Reg'), email: 'New.Person@Example.COM' };
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      const session = response.json<Session>();
      expect(typeof session.jwt).toBe('string');
      expect(session.user).toEqual({
        id: expect.any(Number),
        username: body.username,
        email: 'new.person@example.com',
        provider: 'local',
        confirmed: true,
        blocked: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.any(String),
      });
      expect(response.body).not.toMatch(/password|hash|argon/i);
      expect((await me(t, bearer(session))).statusCode).toBe(200);
    });

    it('refuses a taken email or username, whatever their case', async () => {
      const first = credentials('Taken');
      await register(t.app, first);
      for (const clash of [
        { ...credentials(), email: first.email.toUpperCase() },
        { ...credentials(), username: first.username.toUpperCase() },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/local/register',
          payload: clash,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          status: 400,
          name: 'ApplicationError',
          message: 'Email or Username are already taken',
        });
      }
    });

    it('lists each broken rule with the shared messages', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: { email: 'not-an-email', username: 'a b', password: 'short' },
      });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.name).toBe('ValidationError');
      expect(error.details.errors).toEqual([
        { path: ['email'], message: 'Invalid email format', name: 'ValidationError' },
        { path: ['username'], message: 'Username cannot contain spaces', name: 'ValidationError' },
        {
          path: ['password'],
          message: 'Password must be at least 6 characters',
          name: 'ValidationError',
        },
      ]);
      expect(error.message).toBe('3 errors occurred');
    });

    it.each([
      [{ password: 'secret1!' }, 'Password must contain at least one uppercase letter'],
      [{ password: 'SECRET1!' }, 'Password must contain at least one lowercase letter'],
      [{ password: 'Secret!!' }, 'Password must contain at least one number'],
      [{ password: 'Secret11' }, 'Password must contain at least one special character'],
      [{ password: `Aa1!${'x'.repeat(125)}` }, 'Password must be at most 128 characters'],
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'a-b-c' }, 'Username can only contain letters, numbers, and underscores'],
      [{ username: 'x'.repeat(51) }, 'Username must be at most 50 characters'],
      [{ email: `${'x'.repeat(250)}@a.io` }, 'Email must be at most 254 characters'],
      [{ email: undefined }, 'Email is required'],
    ])('refuses %j with "%s"', async (change, message) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: { ...credentials(), ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(
        response.json().error.details.errors.map((e: { message: string }) => e.message),
      ).toContain(message);
    });

    it.each(['confirmed', 'blocked', 'role', 'provider', 'id'])(
      'refuses a body that sets %s',
      async (key) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/local/register',
          payload: { ...credentials(), [key]: key === 'blocked' ? false : 1 },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          name: 'ValidationError',
          details: { errors: [{ path: [key] }] },
        });
      },
    );
  });

  describe('POST /api/auth/local', () => {
    let account: ReturnType<typeof credentials>;
    beforeAll(async () => {
      account = credentials('Login');
      await register(t.app, account);
    });

    it.each([
      ['the email', (a: typeof account) => a.email],
      ['the email in other case', (a: typeof account) => a.email.toUpperCase()],
      ['the username', (a: typeof account) => a.username],
      ['the username in other case', (a: typeof account) => a.username.toLowerCase()],
    ])('signs in with %s', async (_label, identifier) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local/',
        payload: { identifier: identifier(account), password: account.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe(account.email.toLowerCase());
    });

    it('answers an unknown identifier and a wrong password alike', async () => {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: account.email, password: 'Wrong1!x' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: 'nobody@example.com', password: 'Wrong1!x' },
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          name: 'ValidationError',
          message: 'Invalid identifier or password',
        });
      }
      expect(wrong.json()).toEqual(unknown.json());
    });

    it('refuses a blocked user with the administrator message, only after the right password', async () => {
      const blocked = credentials('Blocked');
      await register(t.app, blocked);
      await setBlocked(t.database.handle.db, blocked.email, true);
      const right = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: blocked.email, password: blocked.password },
      });
      expect(right.statusCode).toBe(400);
      expect(right.json().error).toMatchObject({
        name: 'ApplicationError',
        message: 'Your account has been blocked by an administrator',
      });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: blocked.email, password: 'Nope1!xx' },
      });
      expect(wrong.json().error.message).toBe('Invalid identifier or password');
    });

    it('names a missing field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: account.email },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.errors).toEqual([
        { path: ['password'], message: 'password is a required field', name: 'ValidationError' },
      ]);
    });
  });

  describe('tokens', () => {
    let session: Session;
    beforeAll(async () => (session = await register(t.app, credentials('Tok'))));

    const secret = () =>
      new TextEncoder().encode(fs.readFileSync(`${t.config.dataDir}/jwt-secret`, 'utf8').trim());

    it.each([
      ['no header', {}],
      ['a malformed header', { authorization: 'Token abc' }],
      ['a garbage token', { authorization: 'Bearer not.a.jwt' }],
    ])('refuses %s with 401', async (_label, headers) => {
      const response = await me(t, headers as Record<string, string>);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
    });

    it('refuses a token whose signature was tampered with', async () => {
      const [header, payload, signature] = session.jwt.split('.');
      const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(
        (await me(t, { authorization: `Bearer ${header}.${payload}.${flipped}` })).statusCode,
      ).toBe(401);
    });

    it('refuses alg none and other algorithms', async () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = {
        id: session.user.id,
        jti: 'x',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 600,
      };
      const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
      expect((await me(t, { authorization: `Bearer ${none}` })).statusCode).toBe(401);
      const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret());
      expect((await me(t, { authorization: `Bearer ${hs512}` })).statusCode).toBe(401);
      // The same claims signed correctly with HS256 do pass: the refusals above are about the algorithm.
      const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret());
      expect((await me(t, { authorization: `Bearer ${hs256}` })).statusCode).toBe(200);
    });

    it('refuses an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({ id: session.user.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti('old')
        .setIssuedAt(past - 60)
        .setExpirationTime(past)
        .sign(secret());
      expect((await me(t, { authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    });

    it('revokes the token on logout, and only that token', async () => {
      const account = credentials('Out');
      const first = await register(t.app, account);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: account.email, password: account.password },
      });
      const second = login.json<Session>();
      const logout = await call(t.app, first, { method: 'POST', url: '/api/auth/logout' });
      expect(logout.statusCode).toBe(204);
      expect(logout.body).toBe('');
      expect((await me(t, bearer(first))).statusCode).toBe(401);
      expect(
        (await call(t.app, first, { method: 'POST', url: '/api/auth/logout' })).statusCode,
      ).toBe(401);
      expect((await me(t, bearer(second))).statusCode).toBe(200);
    });

    it('takes a logout with an empty JSON body, as Strapi clients send it', async () => {
      const session = await register(t.app, credentials('Empty'));
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...bearer(session), 'content-type': 'application/json' },
        payload: '',
      });
      expect(logout.statusCode).toBe(204);
      expect((await me(t, bearer(session))).statusCode).toBe(401);
    });

    it('refuses the tokens of a blocked or deleted user at once', async () => {
      const blocked = credentials('Blk');
      const blockedSession = await register(t.app, blocked);
      await setBlocked(t.database.handle.db, blocked.email, true);
      expect((await me(t, bearer(blockedSession))).statusCode).toBe(401);
      // An unblock lets the user sign in again; the tokens the block ended stay refused for good.
      await setBlocked(t.database.handle.db, blocked.email, false);
      expect((await me(t, bearer(blockedSession))).statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: blocked.email, password: blocked.password },
      });
      expect((await me(t, bearer(again.json<Session>()))).statusCode).toBe(200);

      const deleted = credentials('Del');
      const deletedSession = await register(t.app, deleted);
      await deleteUser(t.database.handle.db, deleted.email);
      expect((await me(t, bearer(deletedSession))).statusCode).toBe(401);
    });

    it('refuses the todo list to a revoked, blocked or deleted session, on pages with rows and past the end', async () => {
      const pages = [
        '/api/todos',
        '/api/todos?pagination[page]=99',
        '/api/todos?pagination[start]=150&pagination[limit]=5',
        '/api/todos?filters[title][$contains]=ab&filters[completed][$eq]=false',
        '/api/todos?filters[title][$contains]=abc&sort=title:desc',
        '/api/todos?filters[title][$contains]=zzz',
      ];
      const statuses = async (session: Session) =>
        Promise.all(
          pages.map(async (url) => (await call(t.app, session, { method: 'GET', url })).statusCode),
        );
      const allOk = pages.map(() => 200);
      const allRefused = pages.map(() => 401);

      const account = credentials('ListGate');
      const session = await register(t.app, account);
      for (const title of ['abc one', 'abc two', 'xyz']) {
        expect(
          (
            await call(t.app, session, {
              method: 'POST',
              url: '/api/todos',
              payload: { data: { title } },
            })
          ).statusCode,
        ).toBe(200);
      }
      const titled = await call(t.app, session, { method: 'GET', url: pages[4]! });
      expect(
        titled.json().data.map((todo: { attributes: { title: string } }) => todo.attributes.title),
      ).toEqual(['abc two', 'abc one']);
      expect(await statuses(session)).toEqual(allOk);

      await setBlocked(t.database.handle.db, account.email, true);
      expect(await statuses(session)).toEqual(allRefused);
      await setBlocked(t.database.handle.db, account.email, false);
      expect(await statuses(session)).toEqual(allRefused);
      const relogin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: account.email, password: account.password },
      });
      const fresh = relogin.json<Session>();
      expect(await statuses(fresh)).toEqual(allOk);

      expect(
        (await call(t.app, fresh, { method: 'POST', url: '/api/auth/logout' })).statusCode,
      ).toBe(204);
      expect(await statuses(fresh)).toEqual(allRefused);

      const deleted = credentials('ListGone');
      const deletedSession = await register(t.app, deleted);
      await call(t.app, deletedSession, {
        method: 'POST',
        url: '/api/todos',
        payload: { data: { title: 'abc' } },
      });
      await deleteUser(t.database.handle.db, deleted.email);
      expect(await statuses(deletedSession)).toEqual(allRefused);
      const refusal = await call(t.app, deletedSession, { method: 'GET', url: '/api/todos' });
      expect(refusal.json().error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
    });

    it('refuses a new todo to a revoked, blocked or deleted session, and writes nothing', async () => {
      const create = (session: Session, title: string) =>
        call(t.app, session, { method: 'POST', url: '/api/todos', payload: { data: { title } } });
      const titles = async (session: Session) =>
        (await call(t.app, session, { method: 'GET', url: '/api/todos' }))
          .json()
          .data.map((todo: { attributes: { title: string } }) => todo.attributes.title);

      const account = credentials('NewGate');
      const session = await register(t.app, account);
      expect((await create(session, 'kept')).statusCode).toBe(200);

      await setBlocked(t.database.handle.db, account.email, true);
      const refused = await create(session, 'while blocked');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
      await setBlocked(t.database.handle.db, account.email, false);
      expect((await create(session, 'after the unblock, old token')).statusCode).toBe(401);
      const signIn = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/local',
          payload: { identifier: account.email, password: account.password },
        });
      const fresh = (await signIn()).json<Session>();
      expect(await titles(fresh)).toEqual(['kept']);

      expect(
        (await call(t.app, fresh, { method: 'POST', url: '/api/auth/logout' })).statusCode,
      ).toBe(204);
      expect((await create(fresh, 'after logout')).statusCode).toBe(401);
      expect(await titles((await signIn()).json<Session>())).toEqual(['kept']);

      const deleted = credentials('NewGone');
      const deletedSession = await register(t.app, deleted);
      await deleteUser(t.database.handle.db, deleted.email);
      expect((await create(deletedSession, 'orphan')).statusCode).toBe(401);
      const orphans = await t.database.handle.db
        .selectFrom('todos')
        .select('id')
        .where('owner_id', '=', deletedSession.user.id)
        .execute();
      expect(orphans).toEqual([]);
    });

    it('keeps tokens valid across a restart, with the generated secret kept in the data folder', async () => {
      const other = await createTestApp(dialect, {});
      try {
        const account = await register(other.app, credentials('Restart'));
        const { buildApp } = await import('../../../src/server/app');
        const restarted = await buildApp(other.config, other.database.handle.db);
        const response = await restarted.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: bearer(account),
        });
        expect(response.statusCode).toBe(200);
        await restarted.close();
      } finally {
        await other.close();
      }
    });
  });
});

describeEachDialect('auth throttling', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await createTestApp(dialect)));
  afterEach(() => t.close());

  const login = (identifier: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier, password },
      remoteAddress,
    });

  it('after 10 failed logins for one identifier answers 429 with retry-after, even to the right password', async () => {
    const account = credentials('Thr');
    await register(t.app, account);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // Failures from several addresses still count for the identifier, whatever its case.
      const response = await login(
        attempt % 2 ? account.email.toUpperCase() : account.email,
        'Wrong1!x',
        `10.0.1.${attempt}`,
      );
      expect(response.statusCode).toBe(400);
    }
    const refused = await login(account.email, account.password, '10.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another account is not affected.
    const other = credentials('Thr2');
    await register(t.app, other);
    expect((await login(other.email, other.password, '10.0.2.1')).statusCode).toBe(200);
  });

  it('counts failures by email and by username of one account together; unknown identifiers keep their own count', async () => {
    const account = credentials('Both');
    const session = await register(t.app, account);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const identifier = attempt % 2 ? account.username.toUpperCase() : account.email;
      expect((await login(identifier, 'Wrong1!x', `10.0.3.${attempt}`)).statusCode).toBe(400);
    }
    expect((await login(account.username, account.password, '10.0.4.1')).statusCode).toBe(429);
    expect((await login(account.email, account.password, '10.0.4.2')).statusCode).toBe(429);
    // A call that takes the password draws on the same budget.
    const change = {
      currentPassword: account.password,
      password: 'Otter#Lamp77',
      passwordConfirmation: 'Otter#Lamp77',
    };
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: change,
      headers: bearer(session),
      remoteAddress: '10.0.4.3',
    });
    expect(changed.statusCode).toBe(429);

    const ghost = `ghost_${process.pid}@example.com`;
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await login(ghost, 'Wrong1!x', `10.0.5.${attempt}`)).statusCode).toBe(400);
    expect((await login(ghost.toUpperCase(), 'Wrong1!x', '10.0.6.1')).statusCode).toBe(429);
    expect((await login(`other_${ghost}`, 'Wrong1!x', '10.0.6.1')).statusCode).toBe(400);
  });

  it('successful logins do not count', async () => {
    const account = credentials('Ok');
    await register(t.app, account);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await login(account.username, account.password)).statusCode).toBe(200);
    }
  });

  it('after 50 failed logins from one address answers 429 to any identifier from it', async () => {
    const account = credentials('Addr');
    await register(t.app, account);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await login(`ghost${attempt}@example.com`, 'Wrong1!x', '10.9.9.9')).statusCode).toBe(
        400,
      );
    }
    const refused = await login(account.email, account.password, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await login(account.email, account.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('allows 60 registration attempts per address per hour, then 429', async () => {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const body = attempt % 3 === 0 ? { email: 'bad' } : credentials('Many');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: body,
        remoteAddress: '10.5.5.5',
      });
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: credentials('Many'),
      remoteAddress: '10.5.5.5',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: credentials('Many'),
      remoteAddress: '10.5.5.6',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('login timing at the production hashing cost', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await createTestApp('sqlite', { ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2' })),
  );
  afterAll(() => t.close());

  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const timed = async (identifier: string, address: string) => {
    const started = process.hrtime.bigint();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier, password: 'Wrong1!x' },
      remoteAddress: address,
    });
    expect(response.statusCode).toBe(400);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };

  it('takes about as long for an unknown account as for a wrong password (medians within 2×)', async () => {
    const accounts = [credentials('Time'), credentials('Time'), credentials('Time')];
    for (const account of accounts) await register(t.app, account);
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let sample = 0; sample < 15; sample += 1) {
      wrong.push(await timed(accounts[sample % 3]!.email, `10.7.0.${sample}`));
      unknown.push(await timed(`nobody${sample}@example.com`, `10.8.0.${sample}`));
    }
    const ratio = median(wrong) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
