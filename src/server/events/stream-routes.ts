/**
 * GET /todos/events: the caller's todo changes as Server-Sent Events, written to the raw response
 * (no plugin needed). A stream first sends `ready` (or `reset`: refetch) with the id it starts after,
 * then each event of the journal with its id, and `: ping` every heartbeat. Each wake-up and
 * heartbeat checks the token again: a revoked one ends the stream. Its user's hub (user-hub.ts)
 * does both for all of the user's streams at once.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { sessionOf, WRITES } from '../auth/authenticate';
import type { AppContext } from '../context';
import { bearerSecurity, errorResponses } from '../http/schemas';
import { startingPoint } from './journal';
import { createStreamHubs, type HubStream } from './user-hub';

const DEFAULT_HEARTBEAT_MS = 25_000;
/** A client that stops reading is dropped once this much waits for it; it comes back with its Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1 << 20;

const eventStreamSchema = {
  tags: ['todos'],
  security: bearerSecurity,
  summary:
    'The caller’s todo changes as they happen (text/event-stream); Last-Event-ID replays the last 5 minutes',
  headers: v.looseObject({ 'last-event-id': v.optional(v.string()) }),
  response: {
    200: {
      description: 'events: ready, reset, and { action, id } or { action, ids }',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
    ...errorResponses,
  },
};

export function registerEventStreams(
  app: FastifyInstance,
  { db, events, authenticate }: AppContext,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
): void {
  const hubs = createStreamHubs({ db, events, heartbeatMs, log: app.log });
  // Wakes the writer's streams after each answered write: a logout or a password change then ends
  // this process's streams at once (other processes notice at their next heartbeat, or via Redis).
  app.addHook('onResponse', async (request, reply) => {
    if (request.session && WRITES.has(request.method) && reply.statusCode < 300)
      events.afterWrite(request.session.user.id);
  });
  // Open streams would hold close() (SIGTERM) until its deadline; clients reconnect elsewhere.
  app.addHook('preClose', async () => hubs.endAll());

  app.get(
    '/api/todos/events',
    { preValidation: authenticate, schema: eventStreamSchema },
    async (request, reply) => {
      const { user, claims } = sessionOf(request);
      const header = request.headers['last-event-id'];
      const start = await startingPoint(
        db,
        user.id,
        typeof header === 'string' ? header : undefined,
      );
      const res = reply.hijack().raw;
      let ended = false;
      let remove: () => void = () => undefined;
      const stream: HubStream = {
        claims,
        last: start.after,
        get ended() {
          return ended;
        },
        // Checked before writing, so one large event (an import's ids) still goes out whole.
        send(frame) {
          if (res.writableLength > MAX_BUFFERED_BYTES) stream.end();
          if (!ended) res.write(frame);
        },
        end() {
          if (ended) return;
          ended = true;
          remove();
          res.end();
        },
      };
      res.on('close', stream.end);
      reply.headers({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        // A stream's socket is never reused for another request: closed with the stream, so an
        // ended stream leaves no keep-alive socket for close() to wait out.
        connection: 'close',
      });
      res.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
      stream.send(`event: ${start.reset ? 'reset' : 'ready'}\nid: ${start.after}\ndata: {}\n\n`);
      if (!ended) remove = hubs.add(user.id, stream);
      return reply;
    },
  );
}
