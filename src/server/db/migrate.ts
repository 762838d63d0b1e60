/** Runs the migrations at start. They are listed here, not read from disk, so a bundled server has them. */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/001-initial';
import * as sortIndexes from './migrations/002-sort-indexes';
import * as todoCounts from './migrations/003-todo-counts';
import * as titleGramCounts from './migrations/004-title-gram-counts';
import * as pendingTitleGrams from './migrations/005-pending-title-grams';
import * as titleGramBounds from './migrations/006-title-gram-bounds';
import * as plainSearchAndCounts from './migrations/007-plain-search-and-counts';
import * as tokensValidAfter from './migrations/008-tokens-valid-after';
import * as trash from './migrations/009-trash';
import * as accountCodes from './migrations/010-account-codes';
import * as todoEvents from './migrations/011-todo-events';
import * as idempotencyKeys from './migrations/012-idempotency-keys';
import * as datesAndSeries from './migrations/013-dates-and-series';
import * as mailCounts from './migrations/014-mail-counts';
import * as importBatches from './migrations/015-import-batches';
import * as ownerCounts from './migrations/016-owner-counts';
import * as todoPriority from './migrations/017-todo-priority';
import * as projects from './migrations/018-projects';
import * as labels from './migrations/019-labels';
import * as subtasks from './migrations/020-subtasks';
import * as push from './migrations/021-push';
import * as caldav from './migrations/022-caldav';
import * as caldavLabels from './migrations/023-caldav-labels';
import * as caldavMappingPruning from './migrations/024-caldav-mapping-pruning';
import * as todoPositions from './migrations/025-todo-positions';
import * as openCounts from './migrations/026-open-counts';
import * as pendingParents from './migrations/027-caldav-pending-parents';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-sort-indexes': sortIndexes,
  '003-todo-counts': todoCounts,
  '004-title-gram-counts': titleGramCounts,
  '005-pending-title-grams': pendingTitleGrams,
  '006-title-gram-bounds': titleGramBounds,
  '007-plain-search-and-counts': plainSearchAndCounts,
  '008-tokens-valid-after': tokensValidAfter,
  '009-trash': trash,
  '010-account-codes': accountCodes,
  '011-todo-events': todoEvents,
  '012-idempotency-keys': idempotencyKeys,
  '013-dates-and-series': datesAndSeries,
  '014-mail-counts': mailCounts,
  '015-import-batches': importBatches,
  '016-owner-counts': ownerCounts,
  '017-todo-priority': todoPriority,
  '018-projects': projects,
  '019-labels': labels,
  '020-subtasks': subtasks,
  '021-push': push,
  '022-caldav': caldav,
  '023-caldav-labels': caldavLabels,
  '024-caldav-mapping-pruning': caldavMappingPruning,
  '025-todo-positions': todoPositions,
  '026-open-counts': openCounts,
  '027-caldav-pending-parents': pendingParents,
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
