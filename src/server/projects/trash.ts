/**
 * A deleted project goes to the trash with its live todos, in one transaction: the project and each
 * of those todos take the same deleted_at, which is what ties them. Restoring the project brings back
 * exactly the todos trashed with it (those trashed on their own before stay in the trash). A todo
 * restored on its own while its project is in the trash lands in the Inbox (inboxOrphans). Trashed
 * projects are purged after TRASH_DAYS, as todos are, and go when the trash is emptied.
 */
import type { Kysely } from 'kysely';
import type { Database, ProjectRow } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { recordEvent } from '../events/journal';
import { assertNameFree, assertRoomForProject } from './repository';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

/** A project and the ids of the todos that moved with it (into the trash or out of it). */
export interface MovedProject {
  row: ProjectRow;
  todoIds: number[];
}

const sortedIds = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

/** Moves a live project and its live todos to the trash; undefined when the owner has no such live project. */
export const trashProject = (
  db: Db,
  ownerId: number,
  id: number,
  now = new Date(),
): Promise<MovedProject | undefined> =>
  ownerTransaction(db, ownerId, async (trx) => {
    const deletedAt = now.toISOString();
    const row = await trx
      .updateTable('projects')
      .set({ deleted_at: deletedAt })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    // Trashed as bulk delete trashes: an occurrence of a series makes no next one.
    const todoIds = sortedIds(
      await trx
        .updateTable('todos')
        .set({ deleted_at: deletedAt })
        .where('owner_id', '=', ownerId)
        .where('project_id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute(),
    );
    await recordEvent(trx, ownerId, 'project.deleted', id);
    if (todoIds.length > 0) await recordEvent(trx, ownerId, 'deleted', todoIds);
    return { row, todoIds };
  });

/**
 * Brings a trashed project back with the todos trashed with it; undefined when the owner has no such
 * project in the trash. Its name must be free again and the owner under the project limit (400).
 */
export const restoreProject = (
  db: Db,
  ownerId: number,
  id: number,
  maxProjects = Infinity,
): Promise<MovedProject | undefined> =>
  ownerTransaction(db, ownerId, async (trx) => {
    const trashed = await trx
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    if (!trashed) return undefined;
    await assertRoomForProject(trx, ownerId, maxProjects);
    await assertNameFree(trx, ownerId, trashed.name);
    const todoIds = sortedIds(
      await trx
        .updateTable('todos')
        .set({ deleted_at: null })
        .where('owner_id', '=', ownerId)
        .where('project_id', '=', id)
        .where('deleted_at', '=', trashed.deleted_at)
        .returning('id')
        .execute(),
    );
    const row = await trx
      .updateTable('projects')
      .set({ deleted_at: null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(trx, ownerId, 'project.created', id);
    if (todoIds.length > 0) await recordEvent(trx, ownerId, 'created', todoIds);
    return { row, todoIds };
  });

/**
 * Todos just restored on their own (`ids`) whose project is still in the trash go to the Inbox: a
 * live todo never names a trashed project. Run in the restore's transaction.
 */
export async function inboxOrphans(trx: Db, ownerId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const trashedProjects = trx
    .selectFrom('projects')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null);
  await trx
    .updateTable('todos')
    .set({ project_id: null })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('project_id', 'in', trashedProjects)
    .execute();
}

/** A page of the owner's trashed projects, most recently trashed first, and their total. */
export async function listTrashedProjects(
  db: Db,
  ownerId: number,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  const trashed = db
    .selectFrom('projects')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null);
  const [rows, counted] = await Promise.all([
    trashed
      .selectAll()
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    trashed.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Deletes the owner's trashed projects for good (when the trash is emptied); how many. */
export async function emptyProjectTrash(db: Db, ownerId: number): Promise<number> {
  const result = await db
    .deleteFrom('projects')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes for good every project trashed more than `trashDays` before `now`, in one statement. */
export async function purgeProjects(db: Db, trashDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - trashDays * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('projects')
    .where('deleted_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
