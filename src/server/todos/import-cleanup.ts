/**
 * Deleting an import's staged rows: a failed import's batch at once, and batches a crash abandoned
 * by housekeeping (import-batches.ts writes them).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

/** Staged rows deleted per transaction. */
const DELETE_CHUNK = 1000;
/** A batch not written to for this long was abandoned (its process ended); an import writes every chunk. */
const ABANDONED_MS = 5 * 60_000;

/**
 * Deletes a batch's staged rows a chunk at a time, so even a whole file's worth holds the database no
 * longer than a chunk does, then the batch. An unfinished batch's series go too: no todo has them.
 */
export async function deleteBatch(db: Db, batchId: string, finished: boolean): Promise<void> {
  for (;;) {
    const deleted = await db.transaction().execute(async (trx) => {
      const staged = trx.selectFrom('import_rows').where('batch_id', '=', batchId);
      const chunk = staged.select('position').orderBy('position').limit(DELETE_CHUNK);
      if (!finished) {
        const series = staged
          .where('position', 'in', chunk)
          .where('series_id', 'is not', null)
          .select('series_id');
        await trx.deleteFrom('todo_series').where('id', 'in', series).execute();
      }
      const rows = await trx
        .deleteFrom('import_rows')
        .where('batch_id', '=', batchId)
        .where('position', 'in', chunk)
        .executeTakeFirst();
      return Number(rows.numDeletedRows);
    });
    if (deleted === 0) break;
    await nextTurn();
  }
  await db.deleteFrom('import_batches').where('id', '=', batchId).execute();
}

/** Deletes the batches abandoned before `now` (see ABANDONED_MS), finished or not; how many. */
export async function deleteAbandonedImports(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_MS).toISOString();
  const abandoned = await db
    .selectFrom('import_batches')
    .select(['id', 'finished'])
    .where('touched_at', '<', cutoff)
    .execute();
  for (const { id, finished } of abandoned) await deleteBatch(db, id, finished === 1);
  return abandoned.length;
}
