/**
 * CalDAV's change journal, dav_changes (migration 022): a collection's newest change number (its
 * sync token, and with its name its ctag) and what changed after a token (sync-collection).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { afterOwnerWrites } from '../db/transactions';
import { CHUNK, inCollection, members, nameOf, type DavMember } from './store';

type Db = Kysely<Database>;

/**
 * A collection's newest change number (0: none yet), never below its owner's floor, the newest
 * number pruned (pruning.ts): a token given before the pruning stays at or under the answer. Its
 * sync token and, with its name, its ctag. One statement: a sync poll is a few round trips.
 */
async function collectionState(
  db: Db,
  ownerId: number,
  collection: number,
): Promise<{ seq: number; floor: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('dav_changes')
        .select('seq')
        .where('owner_id', '=', ownerId)
        .where('collection', '=', collection)
        // Rather than max(seq): one step down the index, whatever the planner's statistics say.
        .orderBy('seq', 'desc')
        .limit(1)
        .as('newest'),
      eb.selectFrom('dav_sync_floors').select('seq').where('owner_id', '=', ownerId).as('floor'),
    ])
    .executeTakeFirst();
  const floor = Number(row?.floor ?? 0);
  return { seq: Math.max(Number(row?.newest ?? 0), floor), floor };
}

/** A collection's newest change number (collectionState). */
export async function collectionSeq(db: Db, ownerId: number, collection: number): Promise<number> {
  return (await collectionState(db, ownerId, collection)).seq;
}

/**
 * The ids of the todos whose record in the collection changed after `since` (edited, arrived, gone;
 * later changes too, as a todo's record keeps only its newest number), in order; undefined when
 * records after `since` may have been pruned (pruning.ts).
 */
export async function changedSince(
  db: Db,
  ownerId: number,
  collection: number,
  since: number,
): Promise<number[] | undefined> {
  const [floor, rows] = await Promise.all([
    db
      .selectFrom('dav_sync_floors')
      .select('seq')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst(),
    db
      .selectFrom('dav_changes')
      .select('todo_id')
      .where('owner_id', '=', ownerId)
      .where('collection', '=', collection)
      .where('seq', '>', since)
      .orderBy('todo_id')
      .execute(),
  ]);
  if (since < Number(floor?.seq ?? 0)) return undefined;
  return rows.map((row) => row.todo_id);
}

export interface Changes {
  token: number;
  /** A first sync (no token given): every todo there now is to be listed (memberPages). */
  everything: boolean;
  changed: DavMember[];
  /** Names of the todos that left the collection after the token. */
  gone: string[];
  /** The newest change pruned (pruning.ts): a token below it cannot be answered. */
  floor: number;
}

/**
 * What changed in a collection after `since`, up to the token answered. Read once the owner's
 * writes under way have committed (afterOwnerWrites), so none with a smaller number is still to come.
 * Its plans are index scans of well under a millisecond; its time is round trips.
 */
export function changesSince(
  db: Db,
  ownerId: number,
  collection: number,
  since: number,
): Promise<Changes> {
  return afterOwnerWrites(db, ownerId, async (trx) => {
    const { seq: token, floor } = await collectionState(trx, ownerId, collection);
    // A first sync: every todo there now, listed by the caller once the lock is let go (nothing
    // has gone for a client that had nothing).
    if (since === 0) return { token, floor, everything: true, changed: [], gone: [] };
    if (since < floor) return { token, floor, everything: false, changed: [], gone: [] };
    const rows = await trx
      .selectFrom('dav_changes')
      .leftJoin('caldav_objects', 'caldav_objects.todo_id', 'dav_changes.todo_id')
      .select(['dav_changes.todo_id', 'dav_changes.gone', 'caldav_objects.name'])
      .where('dav_changes.owner_id', '=', ownerId)
      .where('dav_changes.collection', '=', collection)
      .where('dav_changes.seq', '>', since)
      .where('dav_changes.seq', '<=', token)
      .execute();
    const live = rows.filter((row) => !row.gone).map((row) => row.todo_id);
    const changed: DavMember[] = [];
    for (let from = 0; from < live.length; from += CHUNK)
      changed.push(
        ...(await inCollection(members(trx, ownerId), collection)
          .where('todos.id', 'in', live.slice(from, from + CHUNK))
          .orderBy('todos.id')
          .execute()),
      );
    const gone = rows
      .filter((row) => row.gone)
      .map((row) => nameOf({ id: row.todo_id, name: row.name }));
    return { token, floor, everything: false, changed, gone };
  });
}
