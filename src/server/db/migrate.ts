/** Runs the migrations at start. They are listed here, not read from disk, so a bundled server has them. */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/001-initial';
import * as sortIndexes from './migrations/002-sort-indexes';
import * as todoCounts from './migrations/003-todo-counts';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-sort-indexes': sortIndexes,
  '003-todo-counts': todoCounts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
