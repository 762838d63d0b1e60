/**
 * The CalDAV server at /dav/ (RFC 4791, with RFC 6578's sync-collection), for todos as VTODOs:
 * one calendar per project plus the Inbox. Encapsulated: its body parsers (XML and iCalendar kept
 * as text) and its error answers (plain text or a DAV:error body, never the JSON API's) apply to
 * /dav/ only. Clients sign in with HTTP Basic and an app password (auth.ts).
 */
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { davUser } from './auth';
import { toApiError } from '../http/errors';
import { DavError } from './errors';
import {
  ALLOWED,
  DAV_HEADER,
  handleDelete,
  handleGet,
  handleMove,
  handlePropfind,
  handleProppatch,
  handlePut,
  handleReport,
  type DavRequest,
} from './handlers';
import { errorBody } from './multistatus';
import { collectionAt, type ResolvedPath } from './calendars';
import { ListingCache } from './listing-cache';
import { makeCalendar } from './mkcalendar';
import { DAV_ROOT, parseDavPath, type DavPath } from './paths';

/**
 * Every method Node's parser takes (it refuses others itself, 400), CONNECT aside: those without a
 * handler answer 405 with the methods allowed, not a 404 for a calendar that is there. Fastify is
 * told of those it does not know, as methods that may carry a body.
 */
const ROUTED = http.METHODS.filter((method) => method !== 'CONNECT');
const HANDLERS: Record<string, (dav: DavRequest) => Promise<unknown>> = {
  PROPFIND: handlePropfind,
  PROPPATCH: handleProppatch,
  REPORT: handleReport,
  GET: handleGet,
  HEAD: handleGet,
  PUT: handlePut,
  DELETE: handleDelete,
  MOVE: handleMove,
  // Answered in the plugin's handler (the calendar does not exist yet); listed to be allowed.
  MKCALENDAR: async () => undefined,
};
const WRITES = new Set(['PUT', 'DELETE', 'MOVE', 'MKCALENDAR']);

/** The path with its calendar found; undefined when the segment names none of the user's. */
async function resolvePath(
  { db }: AppContext,
  ownerId: number,
  path: DavPath,
): Promise<ResolvedPath | undefined> {
  if (path.kind !== 'collection' && path.kind !== 'object') return path;
  const collection = await collectionAt(db, ownerId, path.segment);
  if (!collection) return undefined;
  return path.kind === 'collection'
    ? { kind: 'collection', user: path.user, collection }
    : { kind: 'object', user: path.user, collection, name: path.name };
}
/** A multiget of a thousand hrefs is larger than the JSON API's 64 KiB. */
const DAV_BODY_LIMIT = 4 * 1024 * 1024;

/** A DavError as itself; anything else as the JSON API would rate it (a domain rule, a framework 4xx, 503), in plain text. */
function toDavError(error: unknown): DavError | undefined {
  if (error instanceof DavError) return error;
  const api = toApiError(error);
  return api.status === 500
    ? undefined
    : new DavError(api.status, api.message, undefined, api.headers);
}

function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const davError = toDavError(error);
  if (!davError) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error\n');
  }
  reply.code(davError.status).headers(davError.headers);
  return davError.condition
    ? reply.type('application/xml; charset=utf-8').send(errorBody(davError.condition))
    : reply.type('text/plain; charset=utf-8').send(`${davError.message}\n`);
}

/** DAV bodies (XML, iCalendar, whatever a client labels them) reach the handlers as text. */
function acceptAnyBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
}

export async function registerCaldav(app: FastifyInstance, context: AppContext): Promise<void> {
  for (const method of ROUTED)
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  const host = new URL(context.config.publicUrl).hostname;
  const listings = new ListingCache();

  // RFC 6764: a client given only the server's name finds the DAV root here (with a PROPFIND body).
  await app.register(async (wellKnown) => {
    acceptAnyBody(wellKnown);
    wellKnown.route({
      method: ['GET', 'HEAD', 'PROPFIND', 'OPTIONS'],
      url: '/.well-known/caldav',
      // CalDAV is not part of the JSON API the OpenAPI document describes (README: CalDAV).
      schema: { hide: true },
      handler: (_request, reply) => reply.code(301).header('location', DAV_ROOT).send(),
    });
    // A client given the server's bare address (python-caldav, Thunderbird) asks the site's root.
    wellKnown.route({
      method: 'PROPFIND',
      url: '/',
      schema: { hide: true },
      handler: (_request, reply) => reply.code(301).header('location', DAV_ROOT).send(),
    });
  });

  await app.register(
    async (dav) => {
      acceptAnyBody(dav);
      dav.setErrorHandler((error, request, reply) => answerError(error, request, reply));
      dav.setNotFoundHandler((request, reply) =>
        answerError(new DavError(404, 'Not Found'), request, reply),
      );
      dav.addHook('onSend', (_request, reply, payload, done) => {
        reply.header('dav', DAV_HEADER).header('cache-control', 'no-store');
        done(null, payload);
      });

      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method === 'OPTIONS') return reply.code(200).header('allow', ALLOWED).send();
        const run = HANDLERS[request.method];
        if (!run) throw new DavError(405, 'Method Not Allowed', undefined, { allow: ALLOWED });
        const user = await davUser(context, request);
        if (WRITES.has(request.method)) {
          // WRITE_RATE_PER_MINUTE holds for a CalDAV client as for the JSON API.
          const retryAfter = await context.throttle.consumeWrite(user.id);
          if (retryAfter > 0)
            throw new DavError(429, 'Too Many Requests', undefined, {
              'retry-after': String(Math.ceil(retryAfter)),
            });
        }
        const path = parseDavPath(request.url);
        const owned =
          path && (path.kind === 'root' || path.user.toLowerCase() === user.username_key);
        if (!path || !owned) throw new DavError(404, 'Not Found');
        if (request.method === 'MKCALENDAR') {
          const text = typeof request.body === 'string' ? request.body : undefined;
          await makeCalendar(context, user, path, text);
          context.events.afterWrite(user.id);
          return reply.code(201).send();
        }
        const resolved = await resolvePath(context, user.id, path);
        if (!resolved) throw new DavError(404, 'Not Found');
        return run({ context, user, path: resolved, host, request, reply, listings });
      };
      const options = {
        method: ROUTED,
        handler,
        bodyLimit: DAV_BODY_LIMIT,
        schema: { hide: true },
      };
      dav.route({ ...options, url: '/' });
      dav.route({ ...options, url: '/*' });
    },
    { prefix: '/dav' },
  );
}
