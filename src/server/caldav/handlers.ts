/**
 * One handler per DAV method, each given the signed-in user and the parsed path (plugin.ts
 * resolves both). A path of another user's is the same 404 as a missing one.
 */
import { Readable } from 'node:stream';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/types';
import { davNotFound, DavError } from './errors';
import { multistatus, response, type DavBody } from './multistatus';
import { deleteObject, memberIn, putObject, rendered, type WriteContext } from './objects';
import type { ResolvedPath } from './calendars';
import type { ListingCache } from './listing-cache';
import { propfind, propfindBody, propRequestOf } from './propfind';
import { moveObject } from './move';
import { patchCalendar } from './proppatch';
import { runReport } from './report';
import { withLabels } from './store';
import { trashProject } from '../projects';
import { parseXml } from './xml';

export const DAV_HEADER = '1, 3, calendar-access';
export const ALLOWED =
  'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR, MOVE';

export interface DavRequest {
  context: AppContext;
  user: UserRow;
  path: ResolvedPath;
  host: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** This app's kept PROPFIND listings (listing-cache.ts). */
  listings: ListingCache;
}

const XML_TYPE = 'application/xml; charset=utf-8';
const bodyText = (request: FastifyRequest) =>
  typeof request.body === 'string' ? request.body : undefined;
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** A streamed body as a byte stream (Fastify sends it chunked, with backpressure). */
const davBody = (body: DavBody) =>
  typeof body === 'string' ? body : Readable.from(body, { objectMode: false });

function writeContext({ context, user, host }: DavRequest): WriteContext {
  return {
    db: context.db,
    ownerId: user.id,
    username: user.username,
    host,
    maxTodos: context.config.maxTodosPerUser,
    maxLabels: context.config.maxLabelsPerUser,
  };
}

function objectPath(path: ResolvedPath) {
  if (path.kind !== 'object')
    throw new DavError(405, 'Method Not Allowed', undefined, { allow: ALLOWED });
  return path;
}

export async function handlePropfind(dav: DavRequest) {
  const { context, user, host, request, reply, listings } = dav;
  const body = propfindBody(bodyText(request));
  const acceptsGzip = negotiate(header(request, 'accept-encoding') ?? '', ['gzip']) === 'gzip';
  const xml = await propfind(
    { db: context.db, user, host, listings, acceptsGzip },
    dav.path,
    header(request, 'depth'),
    body,
  );
  reply.code(207).type(XML_TYPE).header('vary', 'accept-encoding');
  if (typeof xml === 'object' && 'gzipped' in xml)
    return reply.header('content-encoding', 'gzip').send(xml.gzipped);
  return reply.send(davBody(xml));
}

/**
 * PROPPATCH: a project's calendar takes a new displayname and calendar-color (proppatch.ts); on
 * anything else every property is refused (403) in a 207, as RFC 4918 §9.2 says.
 */
export async function handleProppatch({ context, user, path, request, reply }: DavRequest) {
  const text = bodyText(request);
  if (!text) throw new DavError(400, 'A PROPPATCH needs a body');
  const body = parseXml(text);
  const href = request.url.split('?')[0]!;
  if (path.kind === 'collection') {
    const xml = await patchCalendar(context, user.id, path.collection, href, body);
    context.events.afterWrite(user.id);
    return reply.code(207).type(XML_TYPE).send(xml);
  }
  const names = body.children.flatMap((action) =>
    action.children.flatMap((prop) => prop.children.map(({ ns, name }) => ({ ns, name }))),
  );
  const refused = response(href, new Map(), { mode: 'prop', names });
  return reply
    .code(207)
    .type(XML_TYPE)
    .send(multistatus([refused.replace(/404 Not Found/g, '403 Forbidden')]));
}

export async function handleReport(dav: DavRequest) {
  const { context, user, host, path, request, reply } = dav;
  if (path.kind !== 'collection')
    throw new DavError(403, 'Reports run on a calendar', '<d:supported-report/>');
  const text = bodyText(request);
  if (!text) throw new DavError(400, 'A REPORT needs a body');
  const xml = await runReport(
    { db: context.db, user, collection: path.collection, host },
    parseXml(text),
  );
  return reply.code(207).type(XML_TYPE).send(davBody(xml));
}

export async function handleGet(dav: DavRequest) {
  const { context, user, host, request, reply } = dav;
  const path = dav.path;
  if (path.kind !== 'object') {
    // A collection has no body of its own; a browser opening the URL learns what it is.
    return reply
      .type('text/plain; charset=utf-8')
      .send('Ticklist CalDAV: add this URL to a CalDAV client.\n');
  }
  const member = await memberIn(context.db, user.id, path.collection.id, path.name);
  if (!member) throw davNotFound();
  await withLabels(context.db, user.id, [member]);
  const { text, etag } = rendered(member, host);
  reply.header('etag', etag).header('last-modified', new Date(member.updated_at).toUTCString());
  const match = header(request, 'if-none-match');
  if (match && match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*'))
    return reply.code(304).send();
  return reply
    .type('text/calendar; charset=utf-8')
    .send(request.method === 'HEAD' ? undefined : text);
}

export async function handlePut(dav: DavRequest) {
  const path = objectPath(dav.path);
  const text = bodyText(dav.request);
  if (!text) throw new DavError(400, 'A PUT needs an iCalendar body');
  const { created, etag } = await putObject(
    writeContext(dav),
    path.collection.id,
    path.name,
    text,
    {
      ifMatch: header(dav.request, 'if-match'),
      ifNoneMatch: header(dav.request, 'if-none-match'),
    },
  );
  // Open tabs of this process hear of it at once (other processes through NOTIFY or Redis).
  dav.context.events.afterWrite(dav.user.id);
  return dav.reply
    .code(created ? 201 : 204)
    .header('etag', etag)
    .send();
}

export async function handleDelete(dav: DavRequest) {
  if (dav.path.kind === 'collection') {
    // Deleting a project's calendar moves the project, with its todos, to the trash.
    if (dav.path.collection.id === 0) throw new DavError(403, 'The Inbox cannot be deleted');
    await trashProject(dav.context.db, dav.user.id, dav.path.collection.id);
    dav.context.events.afterWrite(dav.user.id);
    return dav.reply.code(204).send();
  }
  const path = objectPath(dav.path);
  await deleteObject(writeContext(dav), path.collection.id, path.name, {
    ifMatch: header(dav.request, 'if-match'),
  });
  dav.context.events.afterWrite(dav.user.id);
  return dav.reply.code(204).send();
}

export async function handleMove(dav: DavRequest) {
  const path = objectPath(dav.path);
  const created = await moveObject(writeContext(dav), {
    from: { collection: path.collection, name: path.name },
    destination: header(dav.request, 'destination'),
    overwrite: header(dav.request, 'overwrite')?.trim().toUpperCase() !== 'F',
    ifMatch: header(dav.request, 'if-match'),
  });
  dav.context.events.afterWrite(dav.user.id);
  return dav.reply.code(created ? 201 : 204).send();
}

export { propRequestOf };
