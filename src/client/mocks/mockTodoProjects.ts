/**
 * The todos' side of projects in the mock API, as the server keeps it: open counts by project, a
 * project's todos going to the trash and back with it, and the bulk move (a subtree goes with its
 * root; a subtask moved without its parent leaves it).
 */
import { subtreeOf, type TreeRow } from './mockSubtasks';

export interface ProjectRow extends TreeRow {
  /** The todo's project, null in the Inbox. */
  projectId: number | null;
}

const openOf = (row: ProjectRow, ownerId: number) =>
  row.ownerId === ownerId && !row.deletedAt && !row.todo.attributes.completed;

/** The ids of the owner's open todos (live, not completed). */
export const openIds = (rows: readonly ProjectRow[], ownerId: number): number[] =>
  rows.filter((row) => openOf(row, ownerId)).map((row) => row.todo.id);

/** The owner's open todos (live, not completed) by project (null: the Inbox). */
export function openByProject(rows: readonly ProjectRow[], ownerId: number) {
  const open = new Map<number | null, number>();
  for (const row of rows)
    if (openOf(row, ownerId)) open.set(row.projectId, (open.get(row.projectId) ?? 0) + 1);
  return open;
}

/** A project's delete takes its live todos to the trash with it, at its time. */
export function trashProjectTodos(
  rows: readonly ProjectRow[],
  ownerId: number,
  projectId: number,
  at: string,
): number {
  const live = rows.filter(
    (row) => row.ownerId === ownerId && row.projectId === projectId && !row.deletedAt,
  );
  for (const row of live) row.deletedAt = at;
  return live.length;
}

/** A project's restore brings back exactly the todos trashed with it. */
export function restoreProjectTodos(
  rows: readonly ProjectRow[],
  ownerId: number,
  projectId: number,
  at: string,
): number {
  const trashed = rows.filter(
    (row) => row.ownerId === ownerId && row.projectId === projectId && row.deletedAt === at,
  );
  for (const row of trashed) row.deletedAt = null;
  return trashed.length;
}

/** Moves `rows` (among `all`) into `projectId`; how many were elsewhere. */
export function moveRows(
  all: readonly ProjectRow[],
  rows: readonly ProjectRow[],
  projectId: number | null,
): number {
  const moving = rows.filter((row) => row.projectId !== projectId);
  const ids = new Set(rows.map((row) => row.todo.id));
  for (const row of moving) {
    if (row.parentId !== null && !ids.has(row.parentId)) row.parentId = null;
    for (const each of [row, ...(subtreeOf(all, row) as ProjectRow[])]) each.projectId = projectId;
  }
  return moving.length;
}
