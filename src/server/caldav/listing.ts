/**
 * A calendar's members for PROPFIND depth 1 when no property needs a todo's text (the usual
 * getetag and getcontenttype): a slim query (id, name, change number, updated_at) and each
 * response assembled from parts worked out once per request, so a 10,000-todo calendar answers
 * without rendering or a property map per todo.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/types';
import type { PropRequest } from './multistatus';
import { etagOf } from './objects';
import { objectHref } from './paths';
import { objectProperties } from './properties';
import { nameOf } from './store';
import { dav, element, escapeXml, qkey, type QName } from './xml';

type Db = Kysely<Database>;

/** Properties that need the todo's text: their requests take the full path. */
const NEEDS_TEXT = new Set([
  '{urn:ietf:params:xml:ns:caldav}calendar-data',
  '{DAV:}getcontentlength',
]);

export function canList(request: PropRequest): request is { mode: 'prop'; names: QName[] } {
  return request.mode === 'prop' && !request.names.some((name) => NEEDS_TEXT.has(qkey(name)));
}

function slimMembers(db: Db, ownerId: number, collection: number) {
  const members = db
    .selectFrom('todos')
    .leftJoin('caldav_objects', 'caldav_objects.todo_id', 'todos.id')
    .leftJoin('dav_changes', (join) =>
      join
        .onRef('dav_changes.todo_id', '=', 'todos.id')
        .on('dav_changes.collection', '=', sql<number>`coalesce(todos.project_id, 0)`),
    )
    .select(['todos.id', 'todos.updated_at', 'caldav_objects.name', 'dav_changes.seq'])
    .where('todos.owner_id', '=', ownerId)
    .where('todos.deleted_at', 'is', null);
  return (
    collection === 0
      ? members.where('todos.project_id', 'is', null)
      : members.where('todos.project_id', '=', collection)
  )
    .orderBy('todos.id')
    .execute();
}

type Row = Awaited<ReturnType<typeof slimMembers>>[number];

/** The properties that differ from one member to the next; the others are written once. */
const PER_MEMBER: Record<string, (row: Row, etag: string) => string> = {
  '{DAV:}getetag': (_row, etag) => escapeXml(etag),
  '{DAV:}getlastmodified': (row) => new Date(row.updated_at).toUTCString(),
};

const propstat = (props: string, status: string) =>
  dav('propstat', dav('prop', props) + dav('status', `HTTP/1.1 ${status}`));

/** The members' responses, for a request canList accepts. */
export async function listMembers(
  db: Db,
  owner: { id: number; username: string },
  collection: { id: number; segment: string },
  request: { mode: 'prop'; names: QName[] },
  host: string,
): Promise<string[]> {
  const rows = await slimMembers(db, owner.id, collection.id);
  // Which properties a todo has, and the values that are the same for every todo.
  const sample = objectProperties(() => '', '', new Date(0).toISOString());
  const parts = request.names.flatMap((name) => {
    const key = qkey(name);
    const entry = sample.get(key);
    if (!entry) return [];
    const perMember = PER_MEMBER[key];
    if (perMember) return [(row: Row, etag: string) => element(name, perMember(row, etag))];
    const fixed = element(name, entry.value as string);
    return [() => fixed];
  });
  const missing = request.names.filter((name) => !sample.has(qkey(name)));
  const missingStat = missing.length
    ? propstat(missing.map((name) => element(name)).join(''), '404 Not Found')
    : '';
  const anyFound = parts.length > 0 || missing.length === 0;
  return rows.map((row) => {
    const etag = etagOf(row, host);
    const href = objectHref(owner.username, collection.segment, nameOf(row));
    const found = anyFound ? propstat(parts.map((part) => part(row, etag)).join(''), '200 OK') : '';
    return dav('response', dav('href', escapeXml(href)) + found + missingStat);
  });
}
