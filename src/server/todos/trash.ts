/**
 * The trash: a deleted todo keeps its row with deleted_at set, so a restore brings back the same id,
 * dates and fields. It is purged TRASH_DAYS after it was trashed.
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

type Db = Kysely<Database>;

export type TrashedTodo = ListedTodo & { deleted_at: string | null };

const DAY_MS = 86_400_000;

/**
 * Moves a todo into the trash (a time) or out of it (null); undefined when it is not on the other
 * side. Lists see it go (deleted) or come back (created).
 */
function setDeletedAt(
  db: Db,
  ownerId: number,
  id: number,
  deletedAt: string | null,
): Promise<TodoRow | undefined> {
  return ownerTransaction(db, ownerId, async (trx) => {
    const todo = trx
      .updateTable('todos')
      .set({ deleted_at: deletedAt })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId);
    const moved = await todo
      .where('deleted_at', deletedAt === null ? 'is not' : 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!moved) return undefined;
    await recordEvent(trx, ownerId, deletedAt === null ? 'created' : 'deleted', id);
    if (deletedAt !== null) return moved;
    // Restored while its project is in the trash: it comes back in the Inbox.
    await inboxOrphans(trx, ownerId, [id]);
    return moved.project_id === null ? moved : findTodo(trx, ownerId, id);
  });
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
    return (
      trashed && {
        row: trashed,
        series: await afterTrashed(trx, ownerId, trashed, scope, now, maxTodos),
      }
    );
  });

/** Brings a trashed todo back as it was; a live or missing one is undefined. */
export const restoreTodo = (db: Db, ownerId: number, id: number) =>
  setDeletedAt(db, ownerId, id, null);

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
    await inboxOrphans(trx, ownerId, ids);
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
