/**
 * REPORT on a calendar: calendar-multiget (the todos at the hrefs given), calendar-query (those
 * its filter lets through) and sync-collection (RFC 6578: what changed after a sync token, the
 * todos that left included, as 404 responses). Another REPORT is a 403 naming the supported ones.
 */
import type { UserRow } from '../db/types';
import { DavError } from './errors';
import { createFilter } from './filter';
import { goneResponse, multistatus, response, type PropRequest } from './multistatus';
import { rendered } from './objects';
import { objectHref, parseDavPath } from './paths';
import { objectProperties, syncTokenOf } from './properties';
import { propRequestOf } from './propfind';
import { changesSince, collectionMembers, memberByName, nameOf, type DavMember } from './store';
import { child, childrenNamed, dav, escapeXml, NS, type XmlNode } from './xml';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface ReportContext {
  db: Kysely<Database>;
  user: UserRow;
  collection: number;
  host: string;
}

function memberResponse(context: ReportContext, member: DavMember, request: PropRequest): string {
  const { text, etag } = rendered(member, context.host);
  const href = objectHref(context.user.username, context.collection, nameOf(member));
  return response(href, objectProperties(text, etag, member.updated_at), request);
}

async function multiget(context: ReportContext, body: XmlNode): Promise<string> {
  const request = propRequestOf(body);
  const responses: string[] = [];
  for (const href of childrenNamed(body, NS.dav, 'href')) {
    const path = parseDavPath(href.text);
    const member =
      path?.kind === 'object' &&
      path.user.toLowerCase() === context.user.username_key &&
      path.collection === context.collection
        ? await memberByName(context.db, context.user.id, path.name)
        : undefined;
    responses.push(
      member && (member.project_id ?? 0) === context.collection
        ? memberResponse(context, member, request)
        : goneResponse(href.text),
    );
  }
  return multistatus(responses);
}

async function query(context: ReportContext, body: XmlNode): Promise<string> {
  const request = propRequestOf(body);
  const passes = createFilter(child(body, NS.caldav, 'filter'));
  const members = await collectionMembers(context.db, context.user.id, context.collection);
  const responses = members
    .filter((member) => passes(rendered(member, context.host).text))
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
  const { token, changed, gone } = await changesSince(db, user.id, collection, since);
  if (since > token) throw invalidToken();
  const responses = [
    ...changed.map((member) => memberResponse(context, member, request)),
    // An initial sync lists what is there, not what has gone.
    ...(given === ''
      ? []
      : gone.map((name) => goneResponse(objectHref(user.username, collection, name)))),
  ];
  return multistatus(responses, dav('sync-token', escapeXml(syncTokenOf(token))));
}

export async function runReport(context: ReportContext, body: XmlNode): Promise<string> {
  if (body.ns === NS.caldav && body.name === 'calendar-multiget') return multiget(context, body);
  if (body.ns === NS.caldav && body.name === 'calendar-query') return query(context, body);
  if (body.ns === NS.dav && body.name === 'sync-collection') return syncCollection(context, body);
  throw new DavError(403, 'This report is not supported here', dav('supported-report'));
}
