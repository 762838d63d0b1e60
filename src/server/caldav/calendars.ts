/**
 * The calendars of a user: the Inbox (id 0) and one per live project, each at a path segment:
 * `inbox`, the one a client chose with MKCALENDAR (caldav_collections), else `project-<id>`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { projectOfSegment, projectSegment, type DavPath } from './paths';

type Db = Kysely<Database>;

export interface DavCollection {
  id: number;
  segment: string;
  name: string;
  color: string;
  /** When its name or colour last changed (the Inbox: never). */
  updatedAt: string;
}

/** A path whose calendar was found (plugin.ts): the calendar instead of its segment. */
export type ResolvedPath =
  | Exclude<DavPath, { segment: string }>
  | { kind: 'collection'; user: string; collection: DavCollection }
  | { kind: 'object'; user: string; collection: DavCollection; name: string };

const INBOX_COLOR = '#808080';

export const inbox: DavCollection = {
  id: 0,
  segment: 'inbox',
  name: 'Inbox',
  color: INBOX_COLOR,
  updatedAt: '1970-01-01T00:00:00.000Z',
};

const liveProjects = (db: Db, ownerId: number) =>
  db
    .selectFrom('projects')
    .leftJoin('caldav_collections', 'caldav_collections.project_id', 'projects.id')
    .select([
      'projects.id',
      'projects.name',
      'projects.color',
      'projects.updated_at',
      'caldav_collections.segment',
    ])
    .where('projects.owner_id', '=', ownerId)
    .where('projects.deleted_at', 'is', null);

const toCollection = (row: {
  id: number;
  name: string;
  color: string;
  updated_at: string;
  segment: string | null;
}): DavCollection => ({
  id: row.id,
  segment: row.segment ?? projectSegment(row.id),
  name: row.name,
  color: row.color,
  updatedAt: row.updated_at,
});

export async function listCollections(db: Db, ownerId: number): Promise<DavCollection[]> {
  const rows = await liveProjects(db, ownerId)
    .orderBy('projects.position')
    .orderBy('projects.id')
    .execute();
  return [inbox, ...rows.map(toCollection)];
}

/** A collection by its id (0: the Inbox); undefined unless it is the owner's and live. */
export async function findCollection(
  db: Db,
  ownerId: number,
  id: number,
): Promise<DavCollection | undefined> {
  if (id === 0) return inbox;
  const row = await liveProjects(db, ownerId).where('projects.id', '=', id).executeTakeFirst();
  return row && toCollection(row);
}

/** The owner's live collection at a path segment, if any. */
export async function collectionAt(
  db: Db,
  ownerId: number,
  segment: string,
): Promise<DavCollection | undefined> {
  if (segment === 'inbox') return inbox;
  const chosen = await liveProjects(db, ownerId)
    .where('caldav_collections.segment', '=', segment)
    .executeTakeFirst();
  if (chosen) return toCollection(chosen);
  const id = projectOfSegment(segment);
  return id === undefined ? undefined : findCollection(db, ownerId, id);
}
