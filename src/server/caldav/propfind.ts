/**
 * PROPFIND (RFC 4918 §9.1) on the DAV tree: depth 0 answers the resource, depth 1 its members too
 * (the calendar home lists the calendars, a calendar its todos); a depth of infinity reads as 1.
 * An empty body asks for all properties.
 */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';
import { davNotFound, DavError } from './errors';
import {
  multistatus,
  multistatusOpen,
  MULTISTATUS_CLOSE,
  response,
  streamedMultistatus,
  type DavBody,
  type PropertyMap,
  type PropRequest,
} from './multistatus';
import { canList, listingKey, listMembers } from './listing';
import type { ListingCache } from './listing-cache';
import { etagOf, memberIn, textOf } from './objects';
import { DAV_ROOT, homeHref, objectHref, principalHref } from './paths';
import {
  calendarHref,
  calendarProperties,
  homeProperties,
  objectProperties,
  principalProperties,
  rootProperties,
} from './properties';
import { listCollections, type DavCollection, type ResolvedPath } from './calendars';
import { collectionSeq } from './changes';
import { memberPages, nameOf, withLabels, type DavMember } from './store';
import { child, NS, parseXml, type XmlNode } from './xml';

/** The properties a PROPFIND or REPORT body names in its <d:prop> (or allprop / propname). */
export function propRequestOf(body: XmlNode | undefined): PropRequest {
  if (!body) return { mode: 'allprop' };
  const prop = child(body, NS.dav, 'prop');
  if (prop) return { mode: 'prop', names: prop.children.map(({ ns, name }) => ({ ns, name })) };
  if (child(body, NS.dav, 'propname')) return { mode: 'propname' };
  return { mode: 'allprop' };
}

export function propfindBody(text: string | undefined): XmlNode | undefined {
  if (!text || text.trim() === '') return undefined;
  const body = parseXml(text);
  if (body.ns !== NS.dav || body.name !== 'propfind')
    throw new DavError(400, 'The body must be a DAV:propfind');
  return body;
}

export const memberProperties = (member: DavMember, host: string) =>
  objectProperties(() => textOf(member, host), etagOf(member, host), member.updated_at);

export interface PropfindContext {
  db: Kysely<Database>;
  user: UserRow;
  host: string;
  listings: ListingCache;
  /** The client takes a gzipped answer (Accept-Encoding). */
  acceptsGzip: boolean;
}

async function calendarEntry(context: PropfindContext, collection: DavCollection) {
  const { db, user } = context;
  const seq = await collectionSeq(db, user.id, collection.id);
  return {
    href: calendarHref(user, collection),
    properties: calendarProperties(user, collection, seq),
  };
}

/** The resource at `path` and, at depth 1, its members (a calendar's: membersOf): each href with its properties. */
async function resources(
  context: PropfindContext,
  path: ResolvedPath,
  depth: number,
): Promise<{ href: string; properties: PropertyMap }[]> {
  const { db, user, host } = context;
  switch (path.kind) {
    case 'root':
      return [{ href: DAV_ROOT, properties: rootProperties(user) }];
    case 'principal':
      return [{ href: principalHref(user.username), properties: principalProperties(user) }];
    case 'home': {
      const home = { href: homeHref(user.username), properties: homeProperties(user) };
      if (depth === 0) return [home];
      const calendars = await listCollections(db, user.id);
      const entries = await Promise.all(
        calendars.map((calendar) => calendarEntry(context, calendar)),
      );
      return [home, ...entries];
    }
    case 'collection':
      return [await calendarEntry(context, path.collection)];
    case 'object': {
      const member = await memberIn(db, user.id, path.collection.id, path.name);
      if (!member) throw davNotFound();
      await withLabels(db, user.id, [member]);
      return [
        {
          href: objectHref(user.username, path.collection.segment, nameOf(member)),
          properties: memberProperties(member, host),
        },
      ];
    }
  }
}

/** A calendar's members with any properties (calendar-data too), a page at a time. */
async function* renderedMembers(
  { db, user, host }: PropfindContext,
  collection: DavCollection,
  request: PropRequest,
): AsyncGenerator<string> {
  for await (const page of memberPages(db, user.id, collection.id))
    yield page
      .map((member) =>
        response(
          objectHref(user.username, collection.segment, nameOf(member)),
          memberProperties(member, host),
          request,
        ),
      )
      .join('');
}

export async function propfind(
  context: PropfindContext,
  path: ResolvedPath,
  depthHeader: string | undefined,
  body: XmlNode | undefined,
): Promise<DavBody | { gzipped: Buffer }> {
  const depth = depthHeader === '0' ? 0 : 1;
  const request = propRequestOf(body);
  if (path.kind === 'collection' && depth === 1) {
    // A calendar's members are streamed a page at a time. The calendar's change number is read
    // first, so a change made while the pages are read is above the sync token it answers.
    const { db, user, host, listings } = context;
    const { collection } = path;
    const seq = await collectionSeq(db, user.id, collection.id);
    const calendar = response(
      calendarHref(user, collection),
      calendarProperties(user, collection, seq),
      request,
    );
    // The usual sync poll (getetag of every todo) renders no todo, and is kept (listing.ts).
    if (canList(request) && context.acceptsGzip) {
      const key = listingKey(user, collection, request, host);
      const packed = listings.packed(key, seq, multistatusOpen([calendar]), MULTISTATUS_CLOSE);
      if (packed) return { gzipped: packed };
    }
    const members = canList(request)
      ? listMembers(db, user, collection, request, host, { cache: listings, seq })
      : renderedMembers(context, collection, request);
    return streamedMultistatus([calendar], members);
  }
  const found = await resources(context, path, depth);
  return multistatus(found.map(({ href, properties }) => response(href, properties, request)));
}
