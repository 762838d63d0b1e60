/** DATABASE_URL → a Kysely instance on SQLite (embedded default) or PostgreSQL. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type * as Pg from 'pg';
import { DEFAULT_POSTGRES_POOL_SIZE } from '../config';
import { createPipeline } from './pipeline';
import { runShapesOnPostgres, runShapesOnSqlite } from './prepared';
import { readRowsInBatchesFrom } from './row-batches';
import type { Database } from './types';

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; connectionString: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

export interface OpenOptions {
  /** SQLite only: FULL survives power loss; NORMAL (in WAL mode) survives a process crash. */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /**
   * Connections in each of PostgreSQL's three sets (config POSTGRES_POOL_SIZE): Kysely's pool and
   * the two pipelines the prepared shapes run on (db/pipeline; see db/prepared ShapeOptions.planOnce).
   */
  postgresPoolSize?: number;
}

export function parseDatabaseUrl(url: string, cwd = process.cwd()): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') throw new Error('DATABASE_URL sqlite: needs a file path');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(cwd, file) };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', connectionString: url };
  throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<file> or postgres://…`);
}

/** Most distinct statements the server runs; the cache only bounds a pathological client's variety. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query it runs; the server runs the same few dozen statements over and
 * over, so each is prepared once (SQLite re-prepares a cached statement itself after a schema change).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  runShapesOnSqlite(db, sqlite);
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** pg, loaded only when DATABASE_URL names PostgreSQL: a SQLite server does not carry it (~2 MiB). */
function loadPg(): typeof Pg {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('pg') as typeof Pg;
}

/** How long opening a PostgreSQL connection may take before the call waiting for it fails (503). */
const CONNECT_TIMEOUT_MS = 3000;

function openPostgres(connectionString: string, options: OpenOptions): DatabaseHandle {
  const pg = loadPg();
  const connections = options.postgresPoolSize ?? DEFAULT_POSTGRES_POOL_SIZE;
  const pool = new pg.Pool({ connectionString, max: connections, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, idleTimeoutMillis: 30_000 });
  // An idle client dropped by the server (restart, outage) must not crash the process: the pool
  // discards it and the next query opens a fresh connection.
  pool.on('error', () => undefined);
  const shapePipeline = createPipeline(pg.Client, { connectionString, connections, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const planOncePipeline = createPipeline(pg.Client, {
    connectionString,
    connections,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server without the setting (PostgreSQL before 12) plans as it would anyway: only slower,
    // so its error is dropped.
    setup: (client) => client.query('set plan_cache_mode = force_generic_plan').catch(() => undefined),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  runShapesOnPostgres(db, { pipeline: shapePipeline, planOncePipeline });
  readRowsInBatchesFrom(db, pool, pg.Query);
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    // A pool may be ended once; closing again waits for the first close.
    close: () => (closed ??= Promise.all([db.destroy(), shapePipeline.end(), planOncePipeline.end()]).then(() => undefined)),
  };
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const target = parseDatabaseUrl(url);
  return target.kind === 'sqlite'
    ? openSqlite(target.file, options)
    : openPostgres(target.connectionString, options);
}
