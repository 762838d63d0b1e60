/** A fresh, migrated database of each kind under test: a temp SQLite file or a new PostgreSQL database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import type { Database } from '../../../src/server/db/types';
import { urlForDatabase, withAdminClient } from './postgres';

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

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-test-'));
  let url: string;
  let dropDatabase = async () => undefined as unknown;
  if (dialect === 'sqlite') {
    url = `sqlite:${path.join(dataDir, 'ticklist.db')}`;
  } else {
    created += 1;
    const name = `${process.env.TICKLIST_TEST_DB_PREFIX ?? 'ticklist_test_adhoc'}_${process.pid}_${created}`;
    await withAdminClient((client) => client.query(`create database "${name}"`));
    url = urlForDatabase(name);
    dropDatabase = () => withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
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

/** Drops every table (and with them the triggers), so migrations can start again from nothing. */
export async function dropEverything(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    return;
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  // The todos first: with them go the triggers that would otherwise write to tables already dropped.
  const tables = rows.map((row) => row.name).sort((a, b) => Number(b === 'todos') - Number(a === 'todos'));
  for (const table of tables) await sql`drop table ${sql.id(table)}`.execute(db);
}
