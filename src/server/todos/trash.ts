/**
 * The trash: a deleted todo keeps its row with deleted_at set, so a restore brings back the same id,
 * dates and fields. It is purged TRASH_DAYS after it was trashed. A todo goes with its live subtasks
 * and comes back with those trashed with it (subtasks-trash.ts).
 */
import type { Kysely } from 'kysely';
import type { Database, TodoRow } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { recordEvent } from '../events/journal';
import type { Scope } from '../../shared/schemas';
import { LISTED_COLUMNS, type ListedTodo } from './list';
import type { Pagination } from '../../shared/list-pagination';
import { offsetAndLimit } from '../http/pagination';
import type { ChangedTodo } from './series';
import { afterTrashed } from './series-scope';
import { findTodo } from './repository';
import { emptyProjectTrash, inboxOrphans, purgeProjects } from '../projects';
import { restoreDescendants, settleRestored, trashDescendants } from './subtasks-trash';

type Db = Kysely<Database>;

export type TrashedTodo = ListedTodo & { deleted_at: string | null };

const DAY_MS = 86_400_000;

/**
 * Moves a todo into the trash (a time) or out of it (null); undefined when it is not on the other
 * side. Lists see it go (deleted) or come back (created).
 */
async function setDeletedAt(
  trx: Db,
  ownerId: number,
  id: number,
  deletedAt: string | null,
): Promise<TodoRow | undefined> {
  const moved = await trx
    .updateTable('todos')
    .set({ deleted_at: deletedAt })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', deletedAt === null ? 'is not' : 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (moved) await recordEvent(trx, ownerId, deletedAt === null ? 'created' : 'deleted', id);
  return moved;
}

/**
 * After `ids` came back: one without its parent is a root, and one whose project is still in the
 * trash comes back in the Inbox. Run in the restore's transaction.
 */
async function settle(trx: Db, ownerId: number, ids: number[]): Promise<void> {
  await settleRestored(trx, ownerId, ids);
  await inboxOrphans(trx, ownerId, ids);
}

/**
 * Moves a live todo to the trash. updated_at stays: trashing does not edit the todo. An occurrence of
 * a series is skipped (scope=this: the next one is made) or ends its series (following).
 */
export const trashTodo = (
  db: Db,
  ownerId: number,
  id: number,
  scope: Scope = 'this',
  { now = new Date(), maxTodos = Infinity } = {},
) =>
  ownerTransaction(db, ownerId, async (trx): Promise<ChangedTodo | undefined> => {
    const trashed = await setDeletedAt(trx, ownerId, id, now.toISOString());
    if (!trashed) return undefined;
    const below = await trashDescendants(trx, ownerId, [id], now.toISOString());
    return {
      row: trashed,
      series: await afterTrashed(trx, ownerId, trashed, scope, now, maxTodos),
      ...(below.length > 0 && { subtasks: { trashed: below.length } }),
    };
  });

/** Brings a trashed todo back as it was, with the subtasks trashed with it; a live or missing one is undefined. */
export const restoreTodo = (db: Db, ownerId: number, id: number) =>
  ownerTransaction(db, ownerId, async (trx): Promise<ChangedTodo | undefined> => {
    const inTrash = await trx
      .selectFrom('todos')
      .select('id')
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    if (!inTrash) return undefined;
    // Read while the todo is still in the trash: its deleted_at ties them.
    const below = await restoreDescendants(trx, ownerId, [id]);
    await setDeletedAt(trx, ownerId, id, null);
    if (below.length > 0) await recordEvent(trx, ownerId, 'created', below);
    await settle(trx, ownerId, [id, ...below]);
    return {
      row: (await findTodo(trx, ownerId, id))!,
      ...(below.length > 0 && { subtasks: { restored: below.length } }),
    };
  });

/** Brings every trashed todo of the owner back, in one transaction with one event naming them; how many. */
export const restoreAllTrash = (db: Db, ownerId: number): Promise<number> =>
  ownerTransaction(db, ownerId, async (trx) => {
    const restored = await trx
      .updateTable('todos')
      .set({ deleted_at: null })
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is not', null)
      .returning('id')
      .execute();
    const ids = restored.map((row) => row.id).sort((a, b) => a - b);
    if (ids.length > 0) await recordEvent(trx, ownerId, 'created', ids);
    // The projects stay in the trash: the todos trashed with them come back in the Inbox.
    await settle(trx, ownerId, ids);
    return ids.length;
  });

/** A page of the owner's trash, most recently trashed first (ties: the larger id first), and its total. */
export async function listTrash(
  db: Db,
  ownerId: number,
  pagination: Pagination,
): Promise<{ rows: TrashedTodo[]; total: number }> {
  const { offset, limit } = offsetAndLimit(pagination);
  const trashed = db
    .selectFrom('todos')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null);
  const [rows, counted] = await Promise.all([
    trashed
      .select([...LISTED_COLUMNS, 'deleted_at'])
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    trashed.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * Deletes the owner's trashed todos for good, and the trashed projects with them; how many todos. No event: they had left every list but the
 * trash already, and a trash page open elsewhere catches up when it refetches (focus, reconnect).
 */
export async function emptyTrash(db: Db, ownerId: number): Promise<number> {
  const result = await db
    .deleteFrom('todos')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  await emptyProjectTrash(db, ownerId);
  return Number(result.numDeletedRows);
}

/**
 * Deletes for good every todo trashed more than `trashDays` before `now`, in one statement, so
 * several processes may run it at once: a row is deleted once, whoever gets there first.
 */
export async function purgeTrash(db: Db, trashDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - trashDays * DAY_MS).toISOString();
  const result = await db.deleteFrom('todos').where('deleted_at', '<', cutoff).executeTakeFirst();
  // Projects trashed as long ago go too (their todos went just now, trashed at the same time).
  await purgeProjects(db, trashDays, now);
  return Number(result.numDeletedRows);
}
