/**
 * Bad input is never a 5xx: fast-check throws random and hostile requests at every route through
 * inject — bodies, query strings (deep brackets, huge arrays, __proto__/constructor keys, unicode,
 * very long values), content types, headers and tokens (forged, alg none, other alg, expired,
 * revoked, garbage). Every answer is a 2xx or a 4xx in the contract's error shape, and a canary
 * user's data is unchanged afterwards. At least 10,000 requests a run, split over the databases.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { resolveJwtSecret } from '../../../src/server/auth/secret';
import { createTokenService, type TokenService } from '../../../src/server/auth/tokens';
import type { Session } from '../../../src/shared/api-types';
import {
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { dialectsUnderTest } from '../support/databases';

// 5,000 requests a database take ~60 s alone and over 110 s beside the browser suites in CI: the
// run must finish them all (a run stopped by its time limit fails), so the limit is wide.
const FUZZ_TIME_LIMIT_MS = 290_000;
jest.setTimeout(FUZZ_TIME_LIMIT_MS + 30_000);

const TOTAL_REQUESTS = 10_000;
const RUNS_PER_DIALECT = Math.ceil(TOTAL_REQUESTS / Math.max(1, dialectsUnderTest().length));
const figures: string[] = [];

afterAll(() => console.log(`hostile input: ${figures.join('; ')}`));

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Tokens {
  attacker: string;
  revoked: string;
  forgedCanary: string;
  algNoneCanary: string;
  hs512Canary: string;
  expiredCanary: string;
}

async function makeTokens(
  tokens: TokenService,
  secret: Uint8Array,
  attackerId: number,
  canaryId: number,
  revoke: (token: string) => Promise<void>,
): Promise<Tokens> {
  const now = Math.floor(Date.now() / 1000);
  const revoked = (await tokens.issue(attackerId)).token;
  await revoke(revoked);
  return {
    attacker: (await tokens.issue(attackerId)).token,
    revoked,
    forgedCanary: (await createTokenService(randomBytes(32), 3600).issue(canaryId)).token,
    algNoneCanary: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ id: canaryId, jti: randomUUID(), iat: now, exp: now + 3600 })}.`,
    hs512Canary: await new SignJWT({ id: canaryId })
      .setProtectedHeader({ alg: 'HS512' })
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(secret),
    expiredCanary: await new SignJWT({ id: canaryId })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secret),
  };
}

// ---- arbitraries -------------------------------------------------------------------------------

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff x',
    'É',
    'ǅ',
    '🙂',
    'ß',
    '\u202e',
    '%',
    '%00',
    '%E0%A4%A',
    '\\',
    "'; drop table todos; --",
    '$gt',
    '__proto__',
    'constructor',
    'prototype',
    'null',
    'true',
    '-1',
    '0',
    '1e309',
    'NaN',
  ),
  fc.integer({ min: 1000, max: 20_000 }).map((length) => 'x'.repeat(length)),
  fc.integer({ min: 100, max: 2000 }).map((length) => 'é🙂'.repeat(length)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e308, 2 ** 53 + 1),
  fc.array(fc.oneof(fc.integer(), weirdString), { maxLength: 5 }),
  fc.dictionary(weirdString, fc.oneof(fc.integer(), weirdString, fc.constant(null)), {
    maxKeys: 4,
  }),
);

const todoData = fc.record(
  {
    title: hostileValue,
    description: hostileValue,
    completed: hostileValue,
    user: fc.oneof(
      hostileValue,
      fc.constantFrom(1, 2, [1], [2], { id: 1 }, { connect: [1] }, { set: [2] }, '1'),
    ),
    id: fc.integer(),
    owner_id: fc.integer({ min: 1, max: 5 }),
    createdAt: weirdString,
  },
  { requiredKeys: [] },
);

const rawJson = (text: string) => ({ raw: text });
const body = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: todoData.map((data) => ({ data })) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        email: hostileValue,
        username: hostileValue,
        password: hostileValue,
        identifier: hostileValue,
        role: hostileValue,
        blocked: hostileValue,
        confirmed: hostileValue,
      },
      { requiredKeys: [] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      email: fc.emailAddress(),
      username: fc.stringMatching(/^[a-z0-9_]{3,12}$/),
      password: fc.constantFrom('Kiwi#Lamp42', 'weak', 'Kiwi#Lamp42'.repeat(20)),
    }),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true })
      .map((value) => rawJson(safeStringify(value))),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      rawJson('{"__proto__":{"polluted":1},"data":{"title":"x"}}'),
      rawJson('{"data":{"title":"x","__proto__":{"completed":true}}}'),
      rawJson('{"constructor":{"prototype":{"polluted":1}}}'),
      rawJson('{"data":{"constructor":{"prototype":{"polluted":1}},"title":"y"}}'),
      rawJson('{"data":'),
      rawJson('{"data":{"title":"\\u0000"}}'),
      rawJson('{"data":{"title":"\\ud800"}}'),
      rawJson('{"data":{"title":"ok","title":"dup"}}'),
      rawJson('[1,2,3]'),
      rawJson('null'),
      rawJson('"just a string"'),
      rawJson(''),
      rawJson('   '),
      rawJson('\u00ef\u00bb\u00bf{}'),
      rawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`),
      rawJson(`{"data":{"title":"${'a'.repeat(70 * 1024)}"}}`),
      rawJson(`{"data":{"description":"${'d'.repeat(10_001)}","title":"t"}}`),
    ),
  },
  { weight: 1, arbitrary: weirdString.map(rawJson) },
);

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
}

const queryKey = fc.oneof(
  fc.constantFrom(
    'pagination[page]',
    'pagination[pageSize]',
    'pagination[start]',
    'pagination[limit]',
    'pagination[withCount]',
    'pagination',
    'filters[title][$contains]',
    'filters[title][$containsi]',
    'filters[title][$eq]',
    'filters[completed][$eq]',
    'filters[owner][id][$eq]',
    'filters[$or][0][title][$contains]',
    'filters',
    'sort',
    'sort[0]',
    'sort[1]',
    'populate',
    'populate[0]',
    'populate[todos]',
    'populate[user]',
    'populate[subtasks]',
    'populate[subtasks][populate][subtasks]',
    'populate[parent][fields][0]',
    'filters[parent][id][$eq]',
    'filters[parent][id][$null]',
    'subtasks',
    'onMissingParent',
    '__proto__',
    '__proto__[polluted]',
    'constructor[prototype][polluted]',
    'filters[__proto__][title]',
    'sort[__proto__]',
    'pagination[__proto__][page]',
    'a[]',
    'a[100000]',
    'fields[0]',
    'publicationState',
    'locale',
  ),
  fc.integer({ min: 5, max: 60 }).map((depth) => `filters${'[x]'.repeat(depth)}`),
  weirdString,
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '100',
    '101',
    '1.5',
    '99999999999999999999',
    'true',
    'false',
    'title:asc',
    'title:desc,id:asc',
    'createdAt:sideways',
    'password:asc',
    'todos',
    '*',
    '',
  ),
  weirdString,
);
/** encodeURIComponent, except that a lone surrogate (which it refuses) goes through raw. */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}
const encode = (text: string, raw: boolean) => (raw ? text : percentEncode(text));
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(queryKey, queryValue, fc.boolean()), { maxLength: 8 })
    .map((pairs) =>
      pairs.map(([key, value, raw]) => `${encode(key, raw)}=${encode(value, raw)}`).join('&'),
    ),
  fc
    .integer({ min: 100, max: 3000 })
    .map((count) =>
      Array.from({ length: count }, (_, index) => `filters[title][$contains][]=${index}`).join('&'),
    ),
  fc
    .integer({ min: 100, max: 3000 })
    .map((count) => Array.from({ length: count }, (_, index) => `k${index}=v`).join('&')),
  fc.constantFrom(
    '%',
    '%%%',
    '&&&&',
    '=',
    '==&=',
    '?',
    '#frag',
    'a=%E0%A4%A',
    'sort=%00',
    `sort=${'x'.repeat(50_000)}`,
  ),
);

const idSegment = fc.oneof(
  fc.constantFrom(
    'CANARY',
    'ATTACKER',
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '9007199254740993',
    '%00',
    '..%2F..%2Fhealth',
    'null',
    '%F0%9F%99%82',
    ' 1',
    '0x1',
  ),
  fc.integer({ min: 1, max: 200 }).map(String),
  weirdString.map(percentEncode),
);

const route = fc.oneof(
  fc.constantFrom(
    '/api/auth/local/register',
    '/api/auth/local',
    '/api/auth/logout',
    '/api/users/me',
    '/api/todos',
    '/api/health',
    '/api/users',
    '/api/nope',
    '/api',
    '/api/todos/',
    '/api/users/1',
    '/api//todos',
  ),
  idSegment.map((id) => `/api/todos/${id}`),
);
const method = fc.constantFrom<FuzzMethod>(
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
);
const tokenChoice = fc.constantFrom<
  keyof Tokens | 'none' | 'garbage' | 'basic' | 'long' | 'empty-bearer' | 'lowercase' | 'two'
>(
  'attacker',
  'attacker',
  'attacker',
  'revoked',
  'forgedCanary',
  'algNoneCanary',
  'hs512Canary',
  'expiredCanary',
  'none',
  'garbage',
  'basic',
  'long',
  'empty-bearer',
  'lowercase',
  'two',
);
const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/vnd.api+json',
      'APPLICATION/JSON',
      '',
    ),
    fc.string({ maxLength: 30 }).filter((text) => /^[\x21-\x7e ]*$/.test(text)),
  ),
  { nil: undefined },
);
const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'x-forwarded-for',
    'x-forwarded-proto',
    'accept',
    'accept-encoding',
    'origin',
    'x-request-id',
    'cookie',
    'range',
    'if-none-match',
  ),
  fc.string({ maxLength: 60 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
  { maxKeys: 3 },
);

/** Wild requests: any method at any path with any content type. */
const wild = fc.record({
  method,
  route,
  query,
  body,
  token: tokenChoice,
  contentType,
  headers: extraHeaders,
});
/** Aimed requests: a real route with its method, JSON, mostly the attacker's valid token, so input reaches the handlers. */
const aimed = fc
  .tuple(
    fc.constantFrom(
      ['POST', '/api/auth/local/register'],
      ['POST', '/api/auth/local'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/users/me'],
      ['GET', '/api/todos'],
      ['GET', '/api/todos'],
      ['POST', '/api/todos'],
      ['POST', '/api/todos'],
      ['GET', '/api/health'],
      ['GET', '/api/todos/:id'],
      ['PUT', '/api/todos/:id'],
      ['PUT', '/api/todos/:id'],
      ['DELETE', '/api/todos/:id'],
    ),
    idSegment,
    fc.oneof(
      { weight: 5, arbitrary: fc.constant<keyof Tokens>('attacker') },
      { weight: 1, arbitrary: tokenChoice },
    ),
    fc.oneof(
      { weight: 5, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: contentType },
    ),
    query,
    body,
    extraHeaders,
  )
  .map(([[verb, template], id, token, type, search, payload, headers]) => ({
    method: verb as FuzzMethod,
    route: template!.replace(':id', id),
    query: verb === 'GET' ? search : '',
    body: payload,
    token,
    contentType: type,
    headers,
  }));
type FuzzMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';
const request = fc.oneof({ weight: 3, arbitrary: wild }, { weight: 7, arbitrary: aimed });
type FuzzRequest = typeof wild extends fc.Arbitrary<infer T> ? T : never;

// ---- the property --------------------------------------------------------------------------------

describeEachDialect('hostile requests never get a 5xx', (dialect) => {
  let testApp: TestApp;
  let canary: Session;
  let canaryTodoIds: number[];
  let attackerTodoId: number;
  let tokens: Tokens;
  let tokenService: TokenService;
  let attackerId: number;

  const canarySnapshot = () =>
    Promise.all([
      testApp.database.handle.db
        .selectFrom('todos')
        .selectAll()
        .where('owner_id', '=', canary.user.id)
        .orderBy('id')
        .execute(),
      testApp.database.handle.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', canary.user.id)
        .execute(),
      testApp.database.handle.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('blocked', '!=', 0)
        .executeTakeFirstOrThrow(),
    ]);

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    const { app, database } = testApp;
    canary = await register(app, credentials('canary'));
    canaryTodoIds = [];
    for (const title of ['Canary one', 'Canary É two', 'Canary 🙂 three'])
      canaryTodoIds.push(
        (await createTodo(app, canary, { title, description: `about ${title}` })).id,
      );
    const attacker = await register(app, credentials('attacker'));
    attackerId = attacker.user.id;
    attackerTodoId = (await createTodo(app, attacker, { title: 'mine' })).id;
    const secret = resolveJwtSecret(undefined, database.dataDir);
    tokenService = createTokenService(secret, 3600);
    tokens = await makeTokens(tokenService, secret, attackerId, canary.user.id, async (token) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(204);
    });
  });
  afterAll(() => testApp.close());

  function authorization(choice: FuzzRequest['token']): string | undefined {
    switch (choice) {
      case 'none':
        return undefined;
      case 'garbage':
        return 'Bearer not.a.jwt';
      case 'basic':
        return 'Basic dXNlcjpwYXNz';
      case 'long':
        return `Bearer ${'a'.repeat(5000)}`;
      case 'empty-bearer':
        return 'Bearer ';
      case 'lowercase':
        return `bearer ${tokens.attacker}`;
      case 'two':
        return `Bearer ${tokens.attacker} Bearer ${tokens.forgedCanary}`;
      default:
        return `Bearer ${tokens[choice]}`;
    }
  }

  it(`answers ${RUNS_PER_DIALECT} generated requests with 2xx or a 4xx in the error shape`, async () => {
    const before = await canarySnapshot();
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    let sent = 0;
    let fiveHundreds = 0;
    const statuses = new Map<number, number>();

    const check = async (fuzz: FuzzRequest) => {
      const path = fuzz.route
        .replace('CANARY', String(canaryTodoIds[0]))
        .replace('ATTACKER', String(attackerTodoId));
      const url = fuzz.query ? `${path}?${fuzz.query}` : path;
      const headers: Record<string, string> = { ...fuzz.headers };
      const auth = authorization(fuzz.token);
      if (auth !== undefined) headers.authorization = auth;
      if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType;
      else if (fuzz.body !== undefined) headers['content-type'] = 'application/json';
      const payload =
        fuzz.body === undefined || fuzz.method === 'GET' || fuzz.method === 'HEAD'
          ? undefined
          : typeof fuzz.body === 'object' &&
              fuzz.body !== null &&
              'raw' in fuzz.body &&
              Object.keys(fuzz.body).length === 1
            ? String((fuzz.body as { raw: unknown }).raw)
            : safeStringify(fuzz.body);
      let response: LightMyRequestResponse;
      try {
        response = await testApp.app.inject({
          method: fuzz.method,
          url,
          headers,
          payload,
          remoteAddress: '127.0.0.1',
        });
      } finally {
        sent += 1;
      }
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500) fiveHundreds += 1;
      // A logout with the attacker's token revokes it: give the attacker a fresh one.
      if (
        fuzz.method === 'POST' &&
        path.startsWith('/api/auth/logout') &&
        response.statusCode === 204
      ) {
        tokens.attacker = (await tokenService.issue(attackerId)).token;
      }
      const where = `${fuzz.method} ${url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect({ where, status: response.statusCode < 500 }).toEqual({ where, status: true });
      expect(response.body).not.toMatch(/password_hash|\$argon2|SQLITE_|at .+\.ts:\d+/);
      if (response.statusCode >= 400 && fuzz.method !== 'HEAD') {
        expect({ where, body: response.json() }).toEqual({
          where,
          body: {
            data: null,
            error: {
              status: response.statusCode,
              name: expect.any(String),
              message: expect.any(String),
              details: expect.any(Object),
            },
          },
        });
      }
    };

    await fc.assert(fc.asyncProperty(request, check), {
      numRuns: RUNS_PER_DIALECT,
      seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      // Shrinking replays requests: keep a failure's report quick.
      endOnFailure: false,
      interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS,
    });

    expect(await canarySnapshot()).toEqual(before);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const canaryList = await testApp.app.inject({
      method: 'GET',
      url: '/api/todos',
      headers: { authorization: `Bearer ${canary.jwt}` },
    });
    expect(canaryList.json<{ data: Array<{ id: number }> }>().data.map((todo) => todo.id)).toEqual(
      canaryTodoIds,
    );
    figures.push(
      `[${dialect}] ${sent} requests, ${fiveHundreds} 5xx (statuses ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')})`,
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_DIALECT);
    expect(fiveHundreds).toBe(0);
  });
});
