/**
 * The bulk action `move`: many todos into one project (or the Inbox), as many PUTs of `project`
 * would, in one transaction. A subtree goes with its root; a subtask moved without its parent
 * leaves that parent and becomes a root in the new project, as a PUT of its project does.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { recordEvent } from '../events/journal';
import { projectForTodo } from '../projects';
import { descendantIds, inChunks } from './subtasks';

type Db = Kysely<Database>;

/** Moves the owner's live todos `ids` (checked live and theirs by the caller) into `project`; how many changed. */
export async function moveTodos(
  trx: Db,
  ownerId: number,
  ids: number[],
  project: number | null,
  now: Date,
): Promise<number> {
  // Another user's project, a trashed or a missing one: one 400, nothing written.
  const { projectId = null } = await projectForTodo(trx, ownerId, project);
  const rows = await trx
    .selectFrom('todos')
    .select(['id', 'parent_id', 'project_id'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  const moving = new Set(ids);
  const stamp = now.toISOString();
  const moved = rows.filter((row) => row.project_id !== projectId).map((row) => row.id);
  const leaving = rows
    .filter((row) => row.project_id !== projectId)
    .filter((row) => row.parent_id !== null && !moving.has(row.parent_id))
    .map((row) => row.id);
  await inChunks(moved, (chunk) =>
    trx
      .updateTable('todos')
      .set({ project_id: projectId, updated_at: stamp })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', chunk)
      .execute()
      .then(() => undefined),
  );
  await inChunks(leaving, (chunk) =>
    trx
      .updateTable('todos')
      .set({ parent_id: null })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', chunk)
      .execute()
      .then(() => undefined),
  );
  if (moved.length === 0) return 0;
  moved.sort((a, b) => a - b);
  await recordEvent(trx, ownerId, 'updated', moved);
  // Their subtasks follow, wherever they were.
  const below = (await descendantIds(trx, ownerId, moved)).filter((id) => !moving.has(id));
  await inChunks(below, (chunk) =>
    trx
      .updateTable('todos')
      .set({ project_id: projectId, updated_at: stamp })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', chunk)
      .execute()
      .then(() => undefined),
  );
  if (below.length > 0) await recordEvent(trx, ownerId, 'updated', below);
  return moved.length;
}
