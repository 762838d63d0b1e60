/**
 * One migrated database of each kind per run, made by the global setup, which every test database
 * starts as a copy of: a SQLite file copied, a PostgreSQL database created with it as its TEMPLATE.
 * Running every migration again for each of a run's few hundred databases cost about half a second
 * each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { urlForDatabase, withAdminClient } from './postgres';

const SQLITE_TEMPLATE = 'TICKLIST_TEST_SQLITE_TEMPLATE';
const POSTGRES_TEMPLATE = 'TICKLIST_TEST_PG_TEMPLATE';

async function migrated(url: string): Promise<void> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

/** Makes the run's templates and names them in the environment the test workers inherit. */
export async function makeTemplates(dialects: string[], prefix: string): Promise<void> {
  if (dialects.includes('sqlite')) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-template-')), 't.db');
    await migrated(`sqlite:${file}`);
    process.env[SQLITE_TEMPLATE] = file;
  }
  if (dialects.includes('postgres')) {
    const name = `${prefix}_template`;
    await withAdminClient((client) => client.query(`create database "${name}"`));
    await migrated(urlForDatabase(name));
    process.env[POSTGRES_TEMPLATE] = name;
  }
}

/** Deletes the SQLite template (the PostgreSQL one goes with the run's other databases). */
export function removeTemplates(): void {
  const file = process.env[SQLITE_TEMPLATE];
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/** The run's migrated SQLite file, when the global setup made one. */
export const sqliteTemplate = (): string | undefined => process.env[SQLITE_TEMPLATE];

/** The `template "…"` clause for a new PostgreSQL database, or '' without one. */
export const postgresTemplateClause = (): string => {
  const name = process.env[POSTGRES_TEMPLATE];
  return name ? ` template "${name}"` : '';
};
