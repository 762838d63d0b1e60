/**
 * A calendar's members for PROPFIND depth 1 when no property needs a todo's text (the usual
 * getetag and getcontenttype): a slim query (id, name, change number, updated_at) read in keyset
 * pages, each page's responses written as one string from fragments worked out once per request.
 * A 10,000-todo calendar answers without rendering, a property map or an XML call per todo, and
 * without holding the whole 2 MB answer in memory.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/types';
import type { PropRequest } from './multistatus';
import { etagOf } from './objects';
import { collectionHref, encodeSegment } from './paths';
import { objectProperties } from './properties';
import type { KeptPages, ListingCache, ListingKey } from './listing-cache';
import { changedSince, collectionSeq } from './changes';
import { nameOf } from './store';
import { dav, element, escapeXml, NS, qkey, type QName } from './xml';

type Db = Kysely<Database>;

/** Rows a page: one quick query on the owner's index, a few hundred kB of answer. */
export const LIST_PAGE = 500;

/** Properties that need the todo's text: their requests take the full path. */
const NEEDS_TEXT = new Set([
  '{urn:ietf:params:xml:ns:caldav}calendar-data',
  '{DAV:}getcontentlength',
]);

export function canList(request: PropRequest): request is { mode: 'prop'; names: QName[] } {
  return request.mode === 'prop' && !request.names.some((name) => NEEDS_TEXT.has(qkey(name)));
}

/**
 * The collection's live todos after id `after`, by id: at most LIST_PAGE of them, or with `upTo`
 * all of those up to that id.
 */
function slimPage(db: Db, ownerId: number, collection: number, after: number, upTo?: number) {
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
    .where('todos.deleted_at', 'is', null)
    .where('todos.id', '>', after);
  return (
    collection === 0
      ? members.where('todos.project_id', 'is', null)
      : members.where('todos.project_id', '=', collection)
  )
    .$if(upTo === undefined, (query) => query.limit(LIST_PAGE))
    .$if(upTo !== undefined, (query) => query.where('todos.id', '<=', upTo!))
    .orderBy('todos.id')
    .execute();
}

type Row = Awaited<ReturnType<typeof slimPage>>[number];

/** The properties that differ from one member to the next; the others are written once. */
const PER_MEMBER: Record<string, (row: Row, etag: string) => string> = {
  '{DAV:}getetag': (_row, etag) => escapeXml(etag),
  '{DAV:}getlastmodified': (row) => new Date(row.updated_at).toUTCString(),
};

const propstat = (props: string, status: string) =>
  dav('propstat', dav('prop', props) + dav('status', `HTTP/1.1 ${status}`));

/** `element(name, value)` split around its value. */
const around = (name: QName) => element(name, '\u0000').split('\u0000') as [string, string];

/**
 * How one member's response is written for this request: the fixed XML between the values that
 * differ is joined once, so a row costs a few concatenations and no XML call.
 */
function memberWriter(
  owner: { username: string },
  collection: { segment: string },
  request: { mode: 'prop'; names: QName[] },
  host: string,
): (row: Row) => string {
  // Which properties a todo has, and the values that are the same for every todo.
  const sample = objectProperties(() => '', '', new Date(0).toISOString());
  const found = request.names.filter((name) => sample.has(qkey(name)));
  const missing = request.names.filter((name) => !sample.has(qkey(name)));
  const [okOpen, okClose] =
    found.length > 0 || missing.length === 0
      ? propstat('\u0000', '200 OK').split('\u0000')
      : ['', ''];
  const missingStat = missing.length
    ? propstat(missing.map((name) => element(name)).join(''), '404 Not Found')
    : '';
  const [responseOpen, responseClose] = around({ ns: NS.dav, name: 'response' });
  // Fixed XML and the functions of the values between it; the href's name comes first.
  const pieces: (string | ((row: Row, etag: string) => string))[] = [
    `${responseOpen}<d:href>${escapeXml(collectionHref(owner.username, collection.segment))}`,
    (row) => escapeXml(encodeSegment(nameOf(row))),
    `</d:href>${okOpen}`,
  ];
  for (const name of found) {
    const perMember = PER_MEMBER[qkey(name)];
    if (perMember) {
      const [before, after] = around(name);
      pieces.push(before, perMember, after);
    } else pieces.push(element(name, sample.get(qkey(name))!.value as string));
  }
  pieces.push(`${okClose}${missingStat}${responseClose}`);
  const merged = pieces.reduce<typeof pieces>((all, piece) => {
    const last = all[all.length - 1];
    if (typeof piece === 'string' && typeof last === 'string') all[all.length - 1] = last + piece;
    else all.push(piece);
    return all;
  }, []);
  return (row) => {
    const etag = etagOf(row, host);
    let text = '';
    for (const piece of merged) text += typeof piece === 'string' ? piece : piece(row, etag);
    return text;
  };
}

/** What a kept listing of this calendar, for this request, is found by (listing-cache.ts). */
export const listingKey = (
  owner: { id: number; username: string },
  collection: { id: number; segment: string },
  request: { mode: 'prop'; names: QName[] },
  host: string,
): ListingKey => ({
  ownerId: owner.id,
  username: owner.username,
  collection: collection.id,
  segment: collection.segment,
  host,
  props: request.names.map(qkey),
});

/**
 * The pages of `earlier` (the calendar at an older change number) that no change since touched, by
 * index: a page covers the ids after the one before's bound, up to its own.
 */
async function untouchedPages(
  db: Db,
  ownerId: number,
  collection: number,
  earlier: KeptPages | undefined,
): Promise<Set<number>> {
  const untouched = new Set<number>();
  const changed = earlier && (await changedSince(db, ownerId, collection, earlier.seq));
  if (!earlier || !changed) return untouched;
  let next = 0;
  earlier.bounds.forEach((bound, index) => {
    let touched = false;
    while (next < changed.length && changed[next]! <= bound) {
      touched = true;
      next += 1;
    }
    if (!touched) untouched.add(index);
  });
  return untouched;
}

/**
 * The members' responses, for a request canList accepts, a page at a time. Pages are read one
 * after the other (no transaction: it would hold the database for as long as a slow client reads);
 * by id, so a todo there throughout is listed once, and one that moved meanwhile has a change
 * number above `seq`, the calendar's when its response was written. After a change, the pages of
 * the listing kept before that no change touched are sent again, and only the others are read (a
 * todo that arrived, left or changed is in one; new todos are after the last). The listing is kept
 * (listing-cache.ts) only when the number has not moved by its end: then it is the calendar at
 * `seq`.
 */
export async function* listMembers(
  db: Db,
  owner: { id: number; username: string },
  collection: { id: number; segment: string },
  request: { mode: 'prop'; names: QName[] },
  host: string,
  kept: { cache: ListingCache; seq: number },
): AsyncGenerator<Buffer> {
  const key = listingKey(owner, collection, request, host);
  const cached = kept.cache.get(key, kept.seq);
  if (cached) {
    yield* cached;
    return;
  }
  const earlier = kept.cache.latest(key);
  const untouched = await untouchedPages(db, owner.id, collection.id, earlier);
  const write = memberWriter(owner, collection, request, host);
  const written = (rows: Row[]) => {
    let text = '';
    for (const row of rows) text += write(row);
    return Buffer.from(text);
  };
  // Held for the cache up to what it would keep; past that, each page is let go once sent.
  let listing: KeptPages | undefined = { seq: kept.seq, pages: [], bounds: [] };
  let bytes = 0;
  const keep = (page: Buffer, bound: number) => {
    bytes += page.length;
    if (listing && bytes <= kept.cache.maxEntryBytes) {
      listing.pages.push(page);
      listing.bounds.push(bound);
    } else listing = undefined;
  };
  let after = 0;
  for (const [index, bound] of (earlier?.bounds ?? []).entries()) {
    const page = untouched.has(index)
      ? earlier!.pages[index]!
      : written(await slimPage(db, owner.id, collection.id, after, bound));
    keep(page, bound);
    if (page.length > 0) yield page;
    after = bound;
  }
  for (;;) {
    const rows = await slimPage(db, owner.id, collection.id, after);
    if (rows.length === 0) break;
    const page = written(rows);
    after = rows[rows.length - 1]!.id;
    keep(page, after);
    yield page;
    if (rows.length < LIST_PAGE) break;
  }
  if (listing && (await collectionSeq(db, owner.id, collection.id)) === kept.seq)
    kept.cache.set(key, listing);
}
