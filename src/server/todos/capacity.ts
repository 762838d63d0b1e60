/**
 * The todo limit: how many todos an owner has, and making room for more. Its own module because
 * plain writes (repository.ts), imports (import-batches.ts) and a series' next occurrence
 * (series.ts) all make room.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { DomainError } from '../domain-error';

type Db = Kysely<Database>;

/** The owner's live and trashed todos, as the triggers of migration 016 keep them: no row is counted. */
async function keptCounts(db: Db, ownerId: number): Promise<{ live: number; trashed: number }> {
  const counts = await db
    .selectFrom('owner_counts')
    .select(['live_todos', 'trashed_todos'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return { live: counts?.live_todos ?? 0, trashed: counts?.trashed_todos ?? 0 };
}

export const liveTodoCount = async (db: Db, ownerId: number): Promise<number> =>
  (await keptCounts(db, ownerId)).live;

/**
 * Makes room for `adding` todos, unless the owner would pass `maxTodos` live ones. The trash counts but
 * never blocks: its oldest todos go for good. Run in an ownerTransaction, so concurrent writes cannot
 * overshoot (it locks the owner on PostgreSQL; SQLite writes one at a time anyway).
 */
export async function makeRoom(
  trx: Db,
  ownerId: number,
  adding: number,
  maxTodos: number,
): Promise<void> {
  const { live, trashed } = await keptCounts(trx, ownerId);
  if (live + adding > maxTodos) throw new DomainError('todo-limit');
  const over = live + trashed + adding - maxTodos;
  if (over <= 0) return;
  const oldest = trx
    .selectFrom('todos')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null);
  await trx
    .deleteFrom('todos')
    .where('id', 'in', oldest.orderBy('deleted_at').orderBy('id').limit(over))
    .execute();
}
