/**
 * What the todos feature asks of projects: whether a todo may name a project (the owner's live one;
 * missing, trashed and another user's alike are refused, with one answer), and the projects a page of
 * todos names, read in one query for populate.
 */
import type { Kysely } from 'kysely';
import type { Database, ProjectRow } from '../db/types';
import { DomainError } from '../domain-error';

type Db = Kysely<Database>;

/**
 * What a missing project means for a write: `refuse` (400, nothing written) or `inbox` (the todo
 * goes to the Inbox instead: the offline queue's replay of a write made before the project was
 * deleted elsewhere).
 */
export type MissingProject = 'refuse' | 'inbox';

/**
 * The project_id a todo write stores for the project it names (undefined: unchanged, null: the
 * Inbox), checked in the write's transaction, under the owner's lock, so the project cannot be
 * trashed between the check and the write. `missing` says whether a project that is not the
 * owner's live one was turned into the Inbox.
 */
export async function projectForTodo(
  trx: Db,
  ownerId: number,
  project: number | null | undefined,
  onMissing: MissingProject = 'refuse',
): Promise<{ projectId: number | null | undefined; missing: boolean }> {
  if (project === undefined || project === null) return { projectId: project, missing: false };
  const live = await trx
    .selectFrom('projects')
    .select('id')
    .where('id', '=', project)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (live) return { projectId: live.id, missing: false };
  if (onMissing === 'inbox') return { projectId: null, missing: true };
  throw new DomainError('project-not-found', { id: project });
}

/** The owner's projects among `ids`, by id: one query for a whole page of todos. */
export async function projectsByIds(
  db: Db,
  ownerId: number,
  ids: (number | null)[],
): Promise<Map<number, ProjectRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
