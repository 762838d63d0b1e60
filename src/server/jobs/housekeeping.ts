/**
 * Deletes what has outlived its use, at start and then periodically, in every process: each task
 * deletes in statements that stand alone (an abandoned import a chunk at a time), so processes may
 * run them at once. Trashed todos go after TRASH_DAYS, idempotency keys after 24 hours and daily
 * mail counts after a day or two, reminder actions after a week, CalDAV's record of todos gone
 * from a calendar a month after (checked hourly), todo events after 5 minutes and imports a crash
 * abandoned after 5 minutes untouched (checked every minute).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pruneDavChanges } from '../caldav/pruning';
import { pruneEvents } from '../events/journal';
import { purgeIdempotencyKeys } from '../http/idempotency';
import { purgeMailCounts } from '../mail/notifications';
import { purgeReminderActions } from '../push/actions';
import { deleteAbandonedImports } from '../todos/import-cleanup';
import { purgeTrash } from '../todos/trash';
import type { Database } from '../db/types';
import { repeat } from './repeat';

const MINUTE_MS = 60_000;

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
    repeat('reminder action purge', 60 * MINUTE_MS, () => purgeReminderActions(db), log),
    repeat('event pruning', MINUTE_MS, () => pruneEvents(db), log),
    repeat('CalDAV change pruning', 60 * MINUTE_MS, () => pruneDavChanges(db), log),
    repeat('abandoned import cleanup', MINUTE_MS, () => deleteAbandonedImports(db), log),
  ];
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
