/**
 * Subtasks: a todo may have a parent (todos.parent_id), at most MAX_DEPTH levels deep, and a subtask
 * lives in its parent's project. These are the rules a write checks and the subtree queries the
 * writes share: a parent must be the owner's live todo (missing, trashed and another user's get one
 * answer), never the todo itself or one of its subtasks, and no node of the subtree may end up
 * deeper than MAX_DEPTH. Invariant kept by every write: a live todo's parent is live.
 */
import type { Kysely } from 'kysely';
import { MAX_DEPTH, type MissingParent } from '../../shared/parent-relation';
import type { Database, TodoRow } from '../db/types';
import { DomainError } from '../domain-error';
import { recordEvent } from '../events/journal';
import { projectForTodo, type MissingProject } from '../projects';
import { continueSeries } from './series';

type Db = Kysely<Database>;

/** Ids one statement names at most: far below either database's limit on parameters. */
const CHUNK = 500;

export async function inChunks(ids: number[], work: (chunk: number[]) => Promise<void>) {
  for (let start = 0; start < ids.length; start += CHUNK)
    await work(ids.slice(start, start + CHUNK));
}

/** The owner's live todo `id` with the ids from it up (it, its parent, theirs), or undefined. */
async function liveParent(trx: Db, ownerId: number, id: number) {
  const row = await trx
    .selectFrom('todos as p')
    .leftJoin('todos as g', 'g.id', 'p.parent_id')
    .select(['p.id', 'p.project_id', 'p.parent_id', 'g.parent_id as grandparent_id'])
    .where('p.id', '=', id)
    .where('p.owner_id', '=', ownerId)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const chain = [row.id, row.parent_id, row.grandparent_id].filter((up) => up !== null);
  return { projectId: row.project_id, chain };
}

/** The levels of live subtasks below each of `ids` (1: children only, 2: grandchildren too; absent: none). */
export async function subtreeHeights(
  trx: Db,
  ownerId: number,
  ids: number[],
): Promise<Map<number, number>> {
  const heights = new Map<number, number>();
  await inChunks(ids, async (chunk) => {
    const rows = await trx
      .selectFrom('todos as c')
      .leftJoin('todos as g', (join) =>
        join.onRef('g.parent_id', '=', 'c.id').on('g.deleted_at', 'is', null),
      )
      .select((eb) => [
        'c.parent_id',
        eb.fn
          .max(eb.case().when('g.id', 'is', null).then(eb.lit(1)).else(eb.lit(2)).end())
          .as('height'),
      ])
      .where('c.owner_id', '=', ownerId)
      .where('c.parent_id', 'in', chunk)
      .where('c.deleted_at', 'is', null)
      .groupBy('c.parent_id')
      .execute();
    for (const row of rows) heights.set(row.parent_id!, Number(row.height));
  });
  return heights;
}

/**
 * The subtasks below `rootIds` (children and grandchildren): the live ones, or (`trashedWith`) those
 * trashed with their root, which share its deleted_at (read while the roots are still in the trash).
 */
export async function descendantIds(
  trx: Db,
  ownerId: number,
  rootIds: number[],
  trashedWith = false,
): Promise<number[]> {
  const found = new Set<number>();
  await inChunks(rootIds, async (chunk) => {
    const rows = await trx
      .selectFrom('todos as r')
      .innerJoin('todos as c', 'c.parent_id', 'r.id')
      .leftJoin('todos as g', (join) => {
        const children = join.onRef('g.parent_id', '=', 'c.id');
        return trashedWith
          ? children.onRef('g.deleted_at', '=', 'r.deleted_at')
          : children.on('g.deleted_at', 'is', null);
      })
      .select(['c.id as child', 'g.id as grandchild'])
      .where('r.owner_id', '=', ownerId)
      .where('r.id', 'in', chunk)
      .where('c.owner_id', '=', ownerId)
      .$call((query) =>
        trashedWith
          ? query.whereRef('c.deleted_at', '=', 'r.deleted_at')
          : query.where('c.deleted_at', 'is', null),
      )
      .execute();
    for (const { child, grandchild } of rows) {
      found.add(child);
      if (grandchild !== null) found.add(grandchild);
    }
  });
  for (const id of rootIds) found.delete(id);
  return [...found].sort((a, b) => a - b);
}

/** Where a write puts a todo: its parent and project (undefined: unchanged), and what was gone. */
export interface Placement {
  parentId: number | null | undefined;
  projectId: number | null | undefined;
  parentMissing: boolean;
  projectMissing: boolean;
}

/**
 * The parent and project a create (`current` undefined) or an update of `current` stores for the
 * `parent` and `project` it names, checked under the owner's lock. A parent brings its project (a
 * different project named too is a 400); a subtask moved to another project alone leaves its parent
 * and becomes a root there.
 */
export async function placeTodo(
  trx: Db,
  ownerId: number,
  current: Pick<TodoRow, 'id' | 'parent_id' | 'project_id'> | undefined,
  input: { parent?: number | null; project?: number | null },
  options: { onMissingProject?: MissingProject; onMissingParent?: MissingParent } = {},
): Promise<Placement> {
  const project = await projectForTodo(trx, ownerId, input.project, options.onMissingProject);
  const placed = { projectId: project.projectId, projectMissing: project.missing };
  const named = input.project !== undefined && !project.missing;
  if (input.parent === undefined || input.parent === null) {
    // Also when the project named was gone and the Inbox took its place.
    const moves = input.project !== undefined && project.projectId !== current?.project_id;
    const leaves = input.parent === null || (current?.parent_id != null && moves);
    return { ...placed, parentId: leaves ? null : undefined, parentMissing: false };
  }
  const parent = await liveParent(trx, ownerId, input.parent);
  if (!parent) {
    if (options.onMissingParent !== 'root')
      throw new DomainError('parent-not-found', { id: input.parent });
    return { ...placed, parentId: null, parentMissing: true };
  }
  if (current && parent.chain.includes(current.id)) throw new DomainError('parent-cycle');
  const height = current
    ? ((await subtreeHeights(trx, ownerId, [current.id])).get(current.id) ?? 0)
    : 0;
  if (parent.chain.length + height >= MAX_DEPTH)
    throw new DomainError('parent-too-deep', { id: input.parent });
  if (named && project.projectId !== parent.projectId)
    throw new DomainError('parent-project-conflict', { id: String(parent.projectId) });
  return { ...placed, parentId: input.parent, projectId: parent.projectId, parentMissing: false };
}

/** What a write's answer notes of a placement: the project or the parent named was gone. */
export const missingNotes = ({ projectMissing, parentMissing }: Placement) => ({
  ...(projectMissing && { projectMissing: true }),
  ...(parentMissing && { parentMissing: true }),
});

/** Moves the live subtasks of `id` into `projectId` (their root moved there); one `updated` event names them. */
export async function moveSubtree(
  trx: Db,
  ownerId: number,
  id: number,
  projectId: number | null,
  now: Date,
): Promise<void> {
  const ids = await descendantIds(trx, ownerId, [id]);
  const moved: number[] = [];
  await inChunks(ids, async (chunk) => {
    const rows = await trx
      .updateTable('todos')
      .set({ project_id: projectId, updated_at: now.toISOString() })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', chunk)
      .returning('id')
      .execute();
    moved.push(...rows.map((row) => row.id));
  });
  if (moved.length > 0) await recordEvent(trx, ownerId, 'updated', moved);
}

/**
 * Completes the open live subtasks below `id` (?subtasks=complete), as completions: an occurrence of
 * a series among them makes its next one (under the same parent). How many were completed.
 */
export async function completeSubtree(
  trx: Db,
  ownerId: number,
  id: number,
  now: Date,
  maxTodos: number,
): Promise<number> {
  const ids = await descendantIds(trx, ownerId, [id]);
  const completed: TodoRow[] = [];
  await inChunks(ids, async (chunk) => {
    completed.push(
      ...(await trx
        .updateTable('todos')
        .set({ completed: 1, updated_at: now.toISOString() })
        .where('owner_id', '=', ownerId)
        .where('id', 'in', chunk)
        .where('completed', '=', 0)
        .returningAll()
        .execute()),
    );
  });
  if (completed.length === 0) return 0;
  await recordEvent(
    trx,
    ownerId,
    'updated',
    completed.map((row) => row.id).sort((a, b) => a - b),
  );
  for (const row of completed)
    if (row.series_id) await continueSeries(trx, ownerId, row, now, maxTodos);
  return completed.length;
}
