/** DATABASE_URL → a Kysely instance on SQLite (embedded default) or PostgreSQL (a plain pg.Pool). */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type * as Pg from 'pg';
import type { Database } from './types';

type DatabaseTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; connectionString: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  /** SQLite: the database file already there, readable by other users of the machine (main.ts warns). */
  readableByOthers?: string;
  close(): Promise<void>;
}

interface OpenOptions {
  /** SQLite only: FULL survives power loss; NORMAL (in WAL mode) survives a process crash. */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** PostgreSQL only: the pool's connections (config POSTGRES_POOL_SIZE). */
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

/**
 * Makes the folder (0700) and a new database file (0600) private before SQLite opens it, whatever the
 * umask (-wal and -shm take the file's mode); an existing file others can read is returned.
 */
function prepareSqliteFile(file: string): string | undefined {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    return undefined;
  }
  return (fs.statSync(file).mode & 0o044) !== 0 ? file : undefined;
}

/** Statements kept per SQLite connection: the server runs a few dozen shapes; sort orders can be combined without end. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The SQLite connection as Kysely's dialect sees it, with each SQL text prepared once: preparing
 * costs as much as running most of the server's queries, and every request runs the same few.
 * The least recently used statement goes when the cache is full. A statement still being stepped
 * (a stream's iterate) cannot run again until it ends: a second use meanwhile gets one of its own
 * (Kysely holds the connection while it streams, so only code beside Kysely could meet this).
 */
export function cachingStatements(
  sqlite: SQLite.Database,
  capacity = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readonly cachedStatements: number } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached?.busy) return sqlite.prepare(sql);
      // Deleted and set again, so the Map's order runs from least to most recently used.
      if (cached) statements.delete(sql);
      const statement = cached ?? sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close: () => sqlite.close(),
    get cachedStatements() {
      return statements.size;
    },
  };
}

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  const readableByOthers = file === ':memory:' ? undefined : prepareSqliteFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
  });
  return { db, kind: 'sqlite', readableByOthers, close: () => db.destroy() };
}

/** pg, loaded only when DATABASE_URL names PostgreSQL: a SQLite server does not carry it. */
export function loadPg(): typeof Pg {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('pg') as typeof Pg;
}

/** How long opening a PostgreSQL connection may take before the call waiting for it fails (503). */
const CONNECT_TIMEOUT_MS = 3000;

function openPostgres(connectionString: string, options: OpenOptions): DatabaseHandle {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString,
    max: options.postgresPoolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dropped by the server (restart, outage) must not crash the process: the pool
  // discards it and the next query opens a fresh connection.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed: Promise<void> | undefined;
  // A pool may be ended once; closing again waits for the first close.
  return { db, kind: 'postgres', close: () => (closed ??= db.destroy()) };
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const target = parseDatabaseUrl(url);
  return target.kind === 'sqlite'
    ? openSqlite(target.file, options)
    : openPostgres(target.connectionString, options);
}
