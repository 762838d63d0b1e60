/**
 * Deletes what has outlived its use, at start and then periodically, in every process: each task
 * deletes in statements that stand alone (an abandoned import a chunk at a time), so processes may
 * run them at once. Trashed todos go after TRASH_DAYS, idempotency keys after 24 hours and daily
 * mail counts after a day or two (checked hourly), todo events after 5 minutes and imports a crash
 * abandoned after 5 minutes untouched (checked every minute).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pruneEvents } from '../events/journal';
import { purgeIdempotencyKeys } from '../http/idempotency';
import { purgeMailCounts } from '../mail/notifications';
import { deleteAbandonedImports } from '../todos/import-batches';
import { purgeTrash } from '../todos/trash';
import type { Database } from '../db/types';

const MINUTE_MS = 60_000;

/**
 * Runs `task` now and every `everyMs` until the returned stop is called (which waits for a run under
 * way). A failed run (the database away) is logged and the next one tries again; the timer does not
 * keep the process alive.
 */
function repeat(
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = task().then(
      () => undefined,
      (error: unknown) => log.warn({ err: error }, `${name} failed; will try again`),
    );
  };
  run();
  const timer = setInterval(run, everyMs).unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}

export function startHousekeeping(
  db: Kysely<Database>,
  trashDays: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const stops = [
    repeat(
      'trash purge',
      60 * MINUTE_MS,
      async () => {
        const purged = await purgeTrash(db, trashDays);
        if (purged > 0) log.info({ purged }, 'purged old todos from the trash');
      },
      log,
    ),
    repeat('idempotency key purge', 60 * MINUTE_MS, () => purgeIdempotencyKeys(db), log),
    repeat('mail count purge', 60 * MINUTE_MS, () => purgeMailCounts(db), log),
    repeat('event pruning', MINUTE_MS, () => pruneEvents(db), log),
    repeat('abandoned import cleanup', MINUTE_MS, () => deleteAbandonedImports(db), log),
  ];
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
