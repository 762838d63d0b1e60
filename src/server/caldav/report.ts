/**
 * REPORT on a calendar: calendar-multiget (the todos at the hrefs given), calendar-query (those
 * its filter lets through) and sync-collection (RFC 6578: what changed after a sync token, the
 * todos that left included, as 404 responses). Another REPORT is a 403 naming the supported ones.
 */
import type { UserRow } from '../db/types';
import type { DavCollection } from './calendars';
import { DavError } from './errors';
import { createFilter } from './filter';
import {
  goneResponse,
  multistatus,
  response,
  streamedMultistatus,
  type DavBody,
  type PropRequest,
} from './multistatus';
import { textOf } from './objects';
import { objectHref, parseDavPath } from './paths';
import { syncTokenOf } from './properties';
import { memberProperties, propRequestOf } from './propfind';
import { changesSince } from './changes';
import { memberPages, membersByNames, nameOf, withLabels, type DavMember } from './store';
import { child, childrenNamed, dav, escapeXml, NS, type XmlNode } from './xml';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface ReportContext {
  db: Kysely<Database>;
  user: UserRow;
  collection: DavCollection;
  host: string;
}

function memberResponse(context: ReportContext, member: DavMember, request: PropRequest): string {
  const href = objectHref(context.user.username, context.collection.segment, nameOf(member));
  return response(href, memberProperties(member, context.host), request);
}

/** A multiget's hrefs are answered this many at a time: a query and a page of answer each. */
const MULTIGET_PAGE = 500;

async function multiget(context: ReportContext, body: XmlNode): Promise<DavBody> {
  const request = propRequestOf(body);
  const { db, user, collection } = context;
  const asked = childrenNamed(body, NS.dav, 'href').map((href) => {
    const path = parseDavPath(href.text);
    const here =
      path?.kind === 'object' &&
      path.user.toLowerCase() === user.username_key &&
      path.segment === collection.segment;
    return { href: href.text, name: here ? path.name : undefined };
  });
  async function* pages() {
    for (let from = 0; from < asked.length; from += MULTIGET_PAGE) {
      const chunk = asked.slice(from, from + MULTIGET_PAGE);
      const names = chunk.flatMap(({ name }) => (name === undefined ? [] : [name]));
      const found = await membersByNames(db, user.id, names);
      await withLabels(db, user.id, [...found.values()]);
      yield chunk
        .map(({ href, name }) => {
          const member = name === undefined ? undefined : found.get(name);
          return member && (member.project_id ?? 0) === collection.id
            ? memberResponse(context, member, request)
            : goneResponse(href);
        })
        .join('');
    }
  }
  return streamedMultistatus([], pages());
}

async function query(context: ReportContext, body: XmlNode): Promise<DavBody> {
  const request = propRequestOf(body);
  const passes = createFilter(child(body, NS.caldav, 'filter'));
  const { db, user, collection, host } = context;
  async function* pages() {
    for await (const page of memberPages(db, user.id, collection.id))
      yield page
        .filter((member) => passes(textOf(member, host)))
        .map((member) => memberResponse(context, member, request))
        .join('');
  }
  return streamedMultistatus([], pages());
}

const TOKEN = /^urn:x-ticklist:sync:(\d{1,15})$/;
const invalidToken = () =>
  new DavError(403, 'The sync token is not valid', dav('valid-sync-token'));

async function syncCollection(context: ReportContext, body: XmlNode): Promise<DavBody> {
  const request = propRequestOf(body);
  const given = child(body, NS.dav, 'sync-token')?.text.trim() ?? '';
  const since = given === '' ? 0 : Number(TOKEN.exec(given)?.[1] ?? NaN);
  if (Number.isNaN(since)) throw invalidToken();
  const { db, user, collection } = context;
  const { token, floor, everything, changed, gone } = await changesSince(
    db,
    user.id,
    collection.id,
    since,
  );
  // A token never given, or older than the pruned journal can answer: the client syncs in full.
  if (since > token || (since > 0 && since < floor)) throw invalidToken();
  const tail = dav('sync-token', escapeXml(syncTokenOf(token)));
  if (everything) {
    // A first sync lists what is there a page at a time (a change meanwhile is above the token).
    const pages = async function* () {
      for await (const page of memberPages(db, user.id, collection.id))
        yield page.map((member) => memberResponse(context, member, request)).join('');
    };
    return streamedMultistatus([], pages(), tail);
  }
  await withLabels(db, user.id, changed);
  const responses = [
    ...changed.map((member) => memberResponse(context, member, request)),
    ...gone.map((name) => goneResponse(objectHref(user.username, collection.segment, name))),
  ];
  return multistatus(responses, tail);
}

export async function runReport(context: ReportContext, body: XmlNode): Promise<DavBody> {
  if (body.ns === NS.caldav && body.name === 'calendar-multiget') return multiget(context, body);
  if (body.ns === NS.caldav && body.name === 'calendar-query') return query(context, body);
  if (body.ns === NS.dav && body.name === 'sync-collection') return syncCollection(context, body);
  throw new DavError(403, 'This report is not supported here', dav('supported-report'));
}
