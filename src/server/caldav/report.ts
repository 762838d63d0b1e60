/**
 * REPORT on a calendar: calendar-multiget (the todos at the hrefs given), calendar-query (those
 * its filter lets through) and sync-collection (RFC 6578: what changed after a sync token, the
 * todos that left included, as 404 responses). Another REPORT is a 403 naming the supported ones.
 */
import type { UserRow } from '../db/types';
import type { DavCollection } from './calendars';
import { DavError } from './errors';
import { createFilter } from './filter';
import { goneResponse, multistatus, response, type PropRequest } from './multistatus';
import { textOf } from './objects';
import { objectHref, parseDavPath } from './paths';
import { syncTokenOf } from './properties';
import { memberProperties, propRequestOf } from './propfind';
import {
  changesSince,
  collectionMembers,
  membersByNames,
  nameOf,
  withLabels,
  type DavMember,
} from './store';
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

async function multiget(context: ReportContext, body: XmlNode): Promise<string> {
  const request = propRequestOf(body);
  const { user, collection } = context;
  const asked = childrenNamed(body, NS.dav, 'href').map((href) => {
    const path = parseDavPath(href.text);
    const here =
      path?.kind === 'object' &&
      path.user.toLowerCase() === user.username_key &&
      path.segment === collection.segment;
    return { href: href.text, name: here ? path.name : undefined };
  });
  const names = asked.flatMap(({ name }) => (name === undefined ? [] : [name]));
  const found = await membersByNames(context.db, user.id, names);
  await withLabels(context.db, user.id, [...found.values()]);
  const responses = asked.map(({ href, name }) => {
    const member = name === undefined ? undefined : found.get(name);
    return member && (member.project_id ?? 0) === collection.id
      ? memberResponse(context, member, request)
      : goneResponse(href);
  });
  return multistatus(responses);
}

async function query(context: ReportContext, body: XmlNode): Promise<string> {
  const request = propRequestOf(body);
  const passes = createFilter(child(body, NS.caldav, 'filter'));
  const members = await withLabels(
    context.db,
    context.user.id,
    await collectionMembers(context.db, context.user.id, context.collection.id),
  );
  const responses = members
    .filter((member) => passes(textOf(member, context.host)))
    .map((member) => memberResponse(context, member, request));
  return multistatus(responses);
}

const TOKEN = /^urn:x-ticklist:sync:(\d{1,15})$/;
const invalidToken = () =>
  new DavError(403, 'The sync token is not valid', dav('valid-sync-token'));

async function syncCollection(context: ReportContext, body: XmlNode): Promise<string> {
  const request = propRequestOf(body);
  const given = child(body, NS.dav, 'sync-token')?.text.trim() ?? '';
  const since = given === '' ? 0 : Number(TOKEN.exec(given)?.[1] ?? NaN);
  if (Number.isNaN(since)) throw invalidToken();
  const { db, user, collection } = context;
  const { token, floor, changed, gone } = await changesSince(db, user.id, collection.id, since);
  // A token never given, or older than the pruned journal can answer: the client syncs in full.
  if (since > token || (since > 0 && since < floor)) throw invalidToken();
  await withLabels(db, user.id, changed);
  const responses = [
    ...changed.map((member) => memberResponse(context, member, request)),
    // An initial sync lists what is there, not what has gone.
    ...(given === ''
      ? []
      : gone.map((name) => goneResponse(objectHref(user.username, collection.segment, name)))),
  ];
  return multistatus(responses, dav('sync-token', escapeXml(syncTokenOf(token))));
}

export async function runReport(context: ReportContext, body: XmlNode): Promise<string> {
  if (body.ns === NS.caldav && body.name === 'calendar-multiget') return multiget(context, body);
  if (body.ns === NS.caldav && body.name === 'calendar-query') return query(context, body);
  if (body.ns === NS.dav && body.name === 'sync-collection') return syncCollection(context, body);
  throw new DavError(403, 'This report is not supported here', dav('supported-report'));
}
