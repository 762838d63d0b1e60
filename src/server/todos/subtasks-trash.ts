/**
 * Subtrees through the trash: a trashed todo takes its live subtasks with it, all with the same
 * deleted_at (that shared time is what ties them, as a project's todos are tied to it); restoring it
 * brings back exactly those, and a todo restored without its parent (still in the trash, purged, or
 * moved where the todo would sit too deep) comes back as a root. Purged parents leave their children
 * as roots through the foreign key (migration 020).
 */
import type { Kysely } from 'kysely';
import { MAX_DEPTH } from '../../shared/parent-relation';
import type { Database } from '../db/types';
import { recordEvent } from '../events/journal';
import { descendantIds, inChunks, moveSubtree, subtreeHeights } from './subtasks';

type Db = Kysely<Database>;

/** Trashes the live subtasks below `rootIds` at `deletedAt` (their roots' time); their ids, with one `deleted` event. */
export async function trashDescendants(
  trx: Db,
  ownerId: number,
  rootIds: number[],
  deletedAt: string,
): Promise<number[]> {
  const ids = await descendantIds(trx, ownerId, rootIds);
  await inChunks(ids, async (chunk) => {
    await trx
      .updateTable('todos')
      .set({ deleted_at: deletedAt })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', chunk)
      .execute();
  });
  if (ids.length > 0) await recordEvent(trx, ownerId, 'deleted', ids);
  return ids;
}

/**
 * Restores the subtasks trashed with the trashed todos `rootIds`: run before the roots themselves
 * are restored (their deleted_at is what ties them). Their ids; the caller records the event and
 * settles them with the roots (settleRestored).
 */
export async function restoreDescendants(
  trx: Db,
  ownerId: number,
  rootIds: number[],
): Promise<number[]> {
  const ids = await descendantIds(trx, ownerId, rootIds, true);
  await inChunks(ids, async (chunk) => {
    await trx
      .updateTable('todos')
      .set({ deleted_at: null })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', chunk)
      .execute();
  });
  return ids;
}

/**
 * After `ids` came back from the trash: a todo whose parent is not live becomes a root, and one whose
 * parent is live but not restored with it joins that parent where it is (its subtree moving into the
 * parent's project), unless the subtree would sit too deep there: then it is a root too.
 */
export async function settleRestored(
  trx: Db,
  ownerId: number,
  ids: number[],
  now = new Date(),
): Promise<void> {
  const trashed = trx
    .selectFrom('todos')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null);
  await inChunks(ids, async (chunk) => {
    await trx
      .updateTable('todos')
      .set({ parent_id: null })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', chunk)
      .where('parent_id', 'in', trashed)
      .execute();
  });
  const restored = new Set(ids);
  const joining: {
    id: number;
    projectId: number | null;
    parentProjectId: number | null;
    depth: number;
  }[] = [];
  await inChunks(ids, async (chunk) => {
    const rows = await trx
      .selectFrom('todos as t')
      .innerJoin('todos as p', 'p.id', 't.parent_id')
      .leftJoin('todos as g', 'g.id', 'p.parent_id')
      .select([
        't.id',
        't.project_id',
        't.parent_id',
        'p.project_id as parent_project_id',
        'p.parent_id as grandparent_id',
        'g.parent_id as great_grandparent_id',
      ])
      .where('t.owner_id', '=', ownerId)
      .where('t.id', 'in', chunk)
      .execute();
    for (const row of rows)
      if (!restored.has(row.parent_id!))
        joining.push({
          id: row.id,
          projectId: row.project_id,
          parentProjectId: row.parent_project_id,
          depth:
            [row.grandparent_id, row.great_grandparent_id].filter((up) => up !== null).length + 1,
        });
  });
  if (joining.length === 0) return;
  const heights = await subtreeHeights(
    trx,
    ownerId,
    joining.map((todo) => todo.id),
  );
  const tooDeep = joining
    .filter((todo) => todo.depth + (heights.get(todo.id) ?? 0) >= MAX_DEPTH)
    .map((todo) => todo.id);
  await inChunks(tooDeep, async (chunk) => {
    await trx.updateTable('todos').set({ parent_id: null }).where('id', 'in', chunk).execute();
  });
  for (const todo of joining)
    if (!tooDeep.includes(todo.id) && todo.projectId !== todo.parentProjectId) {
      await trx
        .updateTable('todos')
        .set({ project_id: todo.parentProjectId })
        .where('id', '=', todo.id)
        .execute();
      await moveSubtree(trx, ownerId, todo.id, todo.parentProjectId, now);
    }
}
