/** A fresh, migrated database of each kind under test: a temp SQLite file or a new PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { urlForDatabase, withAdminClient } from './postgres';
import { postgresTemplateClause, sqliteTemplate } from './templates';

export type Dialect = 'sqlite' | 'postgres';

export const dialectsUnderTest = (): Dialect[] =>
  (process.env.TICKLIST_TEST_DIALECTS ?? 'sqlite').split(',').filter(Boolean) as Dialect[];

export interface TestDatabase {
  url: string;
  dataDir: string;
  handle: DatabaseHandle;
  /** Closes the connection and deletes the data. */
  dispose(): Promise<void>;
}

let created = 0;

export interface TestDatabaseOptions {
  /** Start from a database made by an earlier release (test/server/db/fixtures/release-<version>.*), then migrate. */
  fromRelease?: string;
}

const FIXTURES = path.join(__dirname, '..', 'db', 'fixtures');

/** Loads a release's PostgreSQL dump (plain SQL with inserts) into an empty database. */
async function restoreDump(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(fs.readFileSync(file, 'utf8'));
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(
  dialect: Dialect,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-test-'));
  let url: string;
  let dropDatabase = async () => undefined as unknown;
  if (dialect === 'sqlite') {
    url = `sqlite:${path.join(dataDir, 'ticklist.db')}`;
    const start = options.fromRelease
      ? path.join(FIXTURES, `release-${options.fromRelease}.sqlite`)
      : sqliteTemplate();
    if (start) fs.copyFileSync(start, path.join(dataDir, 'ticklist.db'));
  } else {
    created += 1;
    // Random too: a name that a killed run left behind (its pid reused) must not clash.
    const name = `${process.env.TICKLIST_TEST_DB_PREFIX ?? 'ticklist_test_adhoc'}_${process.pid}_${created}_${randomBytes(3).toString('hex')}`;
    const template = options.fromRelease ? '' : postgresTemplateClause();
    await withAdminClient((client) => client.query(`create database "${name}"${template}`));
    url = urlForDatabase(name);
    dropDatabase = () =>
      withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    if (options.fromRelease)
      await restoreDump(url, path.join(FIXTURES, `release-${options.fromRelease}.postgres.sql`));
  }
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  return {
    url,
    dataDir,
    handle,
    async dispose() {
      await handle.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
