/**
 * GET /todos/events: the caller's todo changes as Server-Sent Events, written to the raw response
 * (no plugin needed). A stream first sends `ready` (or `reset`: refetch) with the id it starts after,
 * then each event of the journal with its id, and `: ping` every heartbeat. Each wake-up and
 * heartbeat checks the token again: a revoked one ends the stream.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isSessionValid, sessionOf, WRITES } from '../auth/authenticate';
import type { AppContext } from '../context';
import { bearerSecurity, errorResponses } from '../http/schemas';
import { eventsAfter, startingPoint } from './journal';

export const DEFAULT_HEARTBEAT_MS = 25_000;
/** A client that stops reading is dropped once this much waits for it; it comes back with its Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1 << 20;

const eventStreamSchema = {
  tags: ['todos'],
  security: bearerSecurity,
  summary: 'The caller’s todo changes as they happen (text/event-stream); Last-Event-ID replays the last 5 minutes',
  headers: { type: 'object', properties: { 'last-event-id': { type: 'string' } } },
  response: { 200: { description: 'events: ready, reset, and { action, id } or { action, ids }', content: { 'text/event-stream': { schema: { type: 'string' } } } }, ...errorResponses },
};

export function registerEventStreams(app: FastifyInstance, { db, events, authenticate }: AppContext, heartbeatMs = DEFAULT_HEARTBEAT_MS): void {
  const open = new Set<() => void>();
  // Wakes the writer's streams after each answered write: a logout or a password change then ends
  // this process's streams at once (other processes notice at their next heartbeat, or via Redis).
  app.addHook('onResponse', async (request, reply) => {
    if (request.session && WRITES.has(request.method) && reply.statusCode < 300) events.afterWrite(request.session.user.id);
  });
  // Open streams would hold close() (SIGTERM) until its deadline; clients reconnect elsewhere.
  app.addHook('preClose', async () => open.forEach((end) => end()));

  app.get('/api/todos/events', { preHandler: authenticate, schema: eventStreamSchema }, async (request, reply) => {
    const { user, claims } = sessionOf(request);
    const header = request.headers['last-event-id'];
    const start = await startingPoint(db, user.id, typeof header === 'string' ? header : undefined);
    const res = reply.hijack().raw;
    let last = start.after;
    let ended = false;
    let pending = Promise.resolve();
    let queued = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      res.end();
    };
    // Checked before writing, so one large event (an import's ids) still goes out whole.
    const write = (text: string) => {
      if (res.writableLength > MAX_BUFFERED_BYTES) end();
      if (!ended) res.write(text);
    };
    const look = async (ping: boolean) => {
      if (ended) return;
      if (!(await isSessionValid(db, claims))) return end();
      for (const event of await eventsAfter(db, user.id, last)) {
        write(`id: ${event.id}\ndata: ${event.data}\n\n`);
        last = event.id;
      }
      if (ping) write(': ping\n\n');
    };
    // Looks run one at a time, so no event is sent twice; wake-ups while one waits make one more.
    const schedule = (ping: boolean) => {
      pending = pending.then(() => {
        if (!ping) queued = false;
        return look(ping);
      });
      pending = pending.catch((error: unknown) => {
        request.log.warn({ err: error }, 'event stream failed; the client will reconnect');
        end();
      });
    };
    const wake = () => {
      if (queued) return;
      queued = true;
      schedule(false);
    };
    const unsubscribe = events.subscribe(user.id, wake);
    const heartbeat = setInterval(() => schedule(true), heartbeatMs);
    open.add(end);
    res.on('close', end);
    reply.headers({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
    write(`event: ${start.reset ? 'reset' : 'ready'}\nid: ${start.after}\ndata: {}\n\n`);
    schedule(false);
    return reply;
  });
}
