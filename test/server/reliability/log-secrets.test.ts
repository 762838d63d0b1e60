/**
 * No secrets in logs: the app logs at trace level into memory while an account registers, signs
 * in (also wrongly), calls with its token, sends malformed bodies and signs out. No line may
 * carry the password, the jwt (or its signature), the argon2 hash or the signing secret, and
 * every request line carries a request id.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { resolveJwtSecret } from '../../../src/server/auth/secret';
import { loadConfig } from '../../../src/server/config';
import type { Session } from '../../../src/shared/api-types';
import { describeEachDialect } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';

const PASSWORD = 'Sup3r-Secret!pw';

describeEachDialect('no secrets in the logs', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'trace',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      STATIC_DIR: `${database.dataDir}/no-spa`,
    });
    app = await buildApp(config, database.handle.db, {
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('never logs a password, token, hash or signing secret, and tags each request line with its id', async () => {
    const account = {
      email: `logs_${process.pid}@example.com`,
      username: `logs_${process.pid}`,
      password: PASSWORD,
    };
    const json = { 'content-type': 'application/json' };
    let requests = 0;
    const send = (options: InjectOptions) => {
      requests += 1;
      return app.inject(options);
    };

    const registered = await send({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: account,
    });
    expect(registered.statusCode).toBe(200);
    const login = await send({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: account.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { jwt } = login.json<Session>();
    const auth = { authorization: `Bearer ${jwt}` };
    // Failures whose bodies or headers carry the secrets.
    expect(
      (
        await send({
          method: 'POST',
          url: '/api/auth/local',
          payload: { identifier: account.email, password: `${PASSWORD}x` },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send({
          method: 'POST',
          url: '/api/auth/local/register',
          payload: { ...account, role: 'admin' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send({
          method: 'POST',
          url: '/api/auth/local',
          headers: json,
          payload: `{"identifier":"${account.email}","password":"${PASSWORD}"`,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send({
          method: 'POST',
          url: '/api/auth/local',
          headers: { 'content-type': 'text/plain' },
          payload: `password=${PASSWORD}`,
        })
      ).statusCode,
    ).toBe(415);
    expect(
      (await send({ method: 'GET', url: '/api/todos?filters[title][$contains]=x', headers: auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${jwt}x` },
        })
      ).statusCode,
    ).toBe(401);
    // Normal use with the token, then logout, then the revoked token.
    expect(
      (
        await send({
          method: 'POST',
          url: '/api/todos',
          headers: auth,
          payload: { data: { title: 'logged?' } },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await send({ method: 'GET', url: '/api/users/me?populate=todos', headers: auth }))
        .statusCode,
    ).toBe(200);
    // The calendar feed's secret is in its URL: read it, and a wrong one.
    const feed = await send({ method: 'POST', url: '/api/users/me/calendar-feed', headers: auth });
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    expect((await send({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    expect((await send({ method: 'GET', url: `${feedPath.slice(0, -5)}x.ics` })).statusCode).toBe(
      404,
    );
    expect(
      (await send({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode,
    ).toBe(204);
    expect((await send({ method: 'GET', url: '/api/users/me', headers: auth })).statusCode).toBe(
      401,
    );

    const user = await database.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    const signingSecret = Buffer.from(resolveJwtSecret(undefined, database.dataDir));
    const secrets: Record<string, string> = {
      password: PASSWORD,
      'password (JSON-escaped)': JSON.stringify(PASSWORD).slice(1, -1),
      jwt: jwt,
      'jwt signature': jwt.split('.')[2]!,
      'argon2 hash': user.password_hash,
      'calendar feed secret': feedPath.slice('/api/calendar/'.length, -'.ics'.length),
      'argon2 hash prefix': '$argon2',
      'signing secret (hex)': signingSecret.toString('hex'),
      'signing secret (base64url)': signingSecret.toString('base64url'),
      'signing secret (text)': signingSecret.toString('utf8'),
    };
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(requests);
    for (const [what, secret] of Object.entries(secrets)) {
      if (secret.length >= 8)
        expect({ what, found: text.includes(secret) }).toEqual({ what, found: false });
    }

    type LogRecord = {
      msg?: string;
      reqId?: unknown;
      level: number;
      req?: { method?: string; url?: string };
      res?: { statusCode?: number };
    };
    const records = lines.map((line) => JSON.parse(line) as LogRecord);
    // One line per request, once it is answered: what was asked, the status and the request id.
    const requestLines = records.filter((record) => record.msg === 'request completed');
    expect(requestLines).toHaveLength(requests);
    for (const record of requestLines) {
      expect(record.reqId).toEqual(
        expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      );
      expect(record.req).toMatchObject({
        method: expect.stringMatching(/^(GET|POST|PUT|DELETE)$/),
        url: expect.stringMatching(/^\/api\//),
      });
      expect(record.res?.statusCode).toEqual(expect.any(Number));
    }
    // Each request has its own id.
    expect(new Set(requestLines.map((record) => record.reqId)).size).toBe(requests);
    // Any other line logged during a request names it too.
    for (const record of records.filter((r) => r.reqId === undefined))
      expect(record.msg).not.toMatch(/request/i);
  });
});

describeEachDialect('no stack or SQL in answers or in the logs at info', (dialect) => {
  it('answers a failing statement with a bare 500 and logs the error without its stack', async () => {
    const database = await createTestDatabase(dialect);
    const lines: string[] = [];
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      STATIC_DIR: `${database.dataDir}/no-spa`,
    });
    const app = await buildApp(config, database.handle.db, {
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        payload: {
          email: `sql_${process.pid}@example.com`,
          username: `sql_${process.pid}`,
          password: PASSWORD,
        },
      });
      const auth = { authorization: `Bearer ${registered.json<Session>().jwt}` };
      // A schema the statements no longer fit: every list statement fails in the database.
      await sql`alter table todos rename column title_key to title_key_gone`.execute(
        database.handle.db,
      );
      const failed = await app.inject({
        method: 'GET',
        url: '/api/todos?filters[title][$contains]=x',
        headers: auth,
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({
        data: null,
        error: {
          status: 500,
          name: 'InternalServerError',
          message: 'Internal Server Error',
          details: {},
        },
      });
      const errors = lines
        .map((line) => JSON.parse(line) as { level: number; err?: Record<string, unknown> })
        .filter((record) => record.level >= 50);
      expect(errors.length).toBeGreaterThan(0);
      for (const record of errors) {
        expect(record.err).toBeDefined();
        expect(Object.keys(record.err!).sort()).toEqual(
          expect.arrayContaining(['message', 'type']),
        );
        expect(record.err).not.toHaveProperty('stack');
        expect(JSON.stringify(record)).not.toMatch(/\\n\s+at |select |from "?todos/i);
      }
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
