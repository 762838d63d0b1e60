/** The real app on a real database, driven through inject; one per suite. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/types';
import type { Session, TodoEntity } from '../../../src/shared/api-types';
import {
  createTestDatabase,
  dialectsUnderTest,
  type Dialect,
  type TestDatabase,
  type TestDatabaseOptions,
} from './databases';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions extends TestDatabaseOptions {
  /** Where the log lines go (with LOG_LEVEL in env); silent otherwise. */
  logStream?: { write(line: string): void };
  /** Event streams' heartbeat (BuildOptions.eventHeartbeatMs). */
  eventHeartbeatMs?: number;
  /** The reminders' clock and check interval (BuildOptions.clock, reminderCheckMs). */
  clock?: () => Date;
  reminderCheckMs?: number;
  /** The handle the app queries through, e.g. the test's with a Kysely plugin counting statements. */
  wrapDb?: (db: Kysely<Database>) => Kysely<Database>;
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect, options);
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    // Hashing cost is lowered in tests only, so suites stay quick.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    STATIC_DIR: `${database.dataDir}/no-spa`,
    ...env,
  });
  const { logStream, eventHeartbeatMs, clock, reminderCheckMs, wrapDb = (db) => db } = options;
  const app = await buildApp(config, wrapDb(database.handle.db), {
    logStream,
    eventHeartbeatMs,
    clock,
    reminderCheckMs,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** Runs a suite once per database under test (DB_DIALECTS). */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of dialectsUnderTest()) describe(`${name} [${dialect}]`, () => suite(dialect));
}

let userCount = 0;

export function credentials(prefix = 'user') {
  userCount += 1;
  const name = `${prefix}${userCount}_${process.pid}`;
  return { email: `${name}@example.com`, username: name, password: 'Kiwi#Lamp42' };
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.jwt}` });

export async function register(
  app: FastifyInstance,
  body = credentials(),
  remoteAddress?: string,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/local/register',
    payload: body,
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json<Session>();
}

export function call(
  app: FastifyInstance,
  session: Session | undefined,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { ...(session ? bearer(session) : {}), ...options.headers },
  });
}

export async function createTodo(
  app: FastifyInstance,
  session: Session,
  data: Record<string, unknown>,
) {
  const response = await call(app, session, {
    method: 'POST',
    url: '/api/todos',
    payload: { data },
  });
  if (response.statusCode !== 200)
    throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: TodoEntity }>().data;
}
