/**
 * Keeps the change journal (dav_changes, migration 022) from growing without bound. Live todos'
 * rows stay (their numbers are their ETags); rows of todos that left a collection are only needed
 * to tell clients holding an older sync token, so they go DAV_SYNC_DAYS after housekeeping first
 * saw them gone. Each owner's floor (dav_sync_floors, migration 024) records the newest number
 * pruned: a token below it may miss a removal, so it is refused with RFC 6578's valid-sync-token
 * (report.ts) and the client syncs in full.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

/** How long a sync token keeps being answered with what changed since (a month without a sync). */
export const DAV_SYNC_DAYS = 30;
const DAY_MS = 86_400_000;

/** The newest change number pruned for this owner (0: none). */
export async function syncFloor(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('dav_sync_floors')
    .select('seq')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Stamps newly gone rows with `now` and deletes those gone for `keepDays`, raising their owners'
 * floors first. Each statement stands alone, so processes may run it at once. An owner's newest
 * row always stays: SQLite's triggers number an owner's next change from it.
 */
export async function pruneDavChanges(
  db: Db,
  now = new Date(),
  keepDays = DAV_SYNC_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS).toISOString();
  await db
    .updateTable('dav_changes')
    .set({ gone_at: now.toISOString() })
    .where('gone', '=', 1)
    .where('gone_at', 'is', null)
    .execute();
  // A todo back in the collection (restored, moved back) starts over when it leaves again.
  await db
    .updateTable('dav_changes')
    .set({ gone_at: null })
    .where('gone', '=', 0)
    .where('gone_at', 'is not', null)
    .execute();
  const floors = await db
    .selectFrom('dav_changes')
    .select((eb) => ['owner_id', eb.fn.max('seq').as('seq')])
    .where('gone', '=', 1)
    .where('gone_at', '<', cutoff)
    .where('seq', '<', (eb) =>
      eb
        .selectFrom('dav_changes as newest')
        .select((inner) => inner.fn.max('newest.seq').as('seq'))
        .whereRef('newest.owner_id', '=', 'dav_changes.owner_id'),
    )
    .groupBy('owner_id')
    .execute();
  for (let from = 0; from < floors.length; from += 500)
    await db
      .insertInto('dav_sync_floors')
      .values(floors.slice(from, from + 500).map(({ owner_id, seq }) => ({ owner_id, seq })))
      .onConflict((conflict) =>
        conflict.column('owner_id').doUpdateSet({
          seq: sql`case when excluded.seq > dav_sync_floors.seq then excluded.seq else dav_sync_floors.seq end`,
        }),
      )
      .execute();
  const deleted = await db
    .deleteFrom('dav_changes')
    .where('gone', '=', 1)
    .where('gone_at', '<', cutoff)
    .where('seq', '<=', (eb) =>
      eb
        .selectFrom('dav_sync_floors')
        .select('dav_sync_floors.seq')
        .whereRef('dav_sync_floors.owner_id', '=', 'dav_changes.owner_id'),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
