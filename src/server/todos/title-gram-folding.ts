/**
 * Counts the titles of todos created one at a time into the title grams, after the fact
 * (PostgreSQL; migration 005). A search's total is exact either way; what a fold saves is the
 * search's reading of the pending todos one by one, so folds follow writes closely: a created todo
 * is counted within FOLD_DELAY_MS. A slow sweep also counts what other processes wrote (an admin
 * command, another server on the same database). SQLite counts in its triggers: nothing to do.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { onPostgres } from '../db/dialect';
import type { Database } from '../db/types';

/** Todos one fold statement counts: enough to catch up with a burst of creates in a few statements. */
const FOLD_BATCH = 500;
/** How long after a create its todo is counted: long enough to gather a burst (Generate Todos). */
const FOLD_DELAY_MS = 1000;
/** How often notes left by other processes are looked for. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts up to `batch` pending todos; the number counted. 0 on SQLite, and when nothing could be
 * taken (none pending, or all held by writers). Fails (lock timeout) rather than wait on a writer.
 */
export async function foldPendingTitleGrams(db: Kysely<Database>, batch = FOLD_BATCH): Promise<number> {
  if (!onPostgres(db)) return 0;
  const { rows } = await sql<{ folded: number }>`select todo_title_grams_fold(${batch}) as folded`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}

/** Folds until a statement takes less than a full batch. */
export async function foldAllPendingTitleGrams(db: Kysely<Database>, batch = FOLD_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const folded = await foldPendingTitleGrams(db, batch);
    total += folded;
    if (folded < batch) return total;
  }
}

export interface TitleGramFolding {
  /** A todo was created: fold within FOLD_DELAY_MS. */
  created(): void;
  start(): void;
  /** Stops the timers and waits for a fold under way. */
  stop(): Promise<void>;
}

const NOTHING_TO_FOLD: TitleGramFolding = { created: () => undefined, start: () => undefined, stop: async () => undefined };

export function createTitleGramFolding(db: Kysely<Database>, log: FastifyBaseLogger): TitleGramFolding {
  if (!onPostgres(db)) return NOTHING_TO_FOLD;
  let soon: NodeJS.Timeout | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  const fold = () => {
    soon = undefined;
    running ??= foldAllPendingTitleGrams(db)
      // A writer held what the fold needed, or the database is away: the notes wait for the next fold.
      .catch((error: unknown) => log.warn({ err: error }, 'title gram fold did not finish; the next one retries'))
      .then(() => {
        running = undefined;
      });
  };

  return {
    created() {
      if (stopped || soon) return;
      soon = setTimeout(fold, FOLD_DELAY_MS);
      soon.unref();
    },
    start() {
      stopped = false;
      // Notes left by a process that stopped before folding them.
      fold();
      sweep = setInterval(fold, SWEEP_EVERY_MS);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(soon);
      clearInterval(sweep);
      soon = undefined;
      await running;
    },
  };
}
