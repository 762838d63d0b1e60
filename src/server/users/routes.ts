/** GET /users/me, with the caller's todos when asked to populate them. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { fieldError } from '../http/errors';
import { createGate } from '../http/gate';
import { collectAfterLargeAnswers } from '../http/answer-collection';
import { bearerSecurity, errorResponses, userWithTodosSchema } from '../http/schemas';
import { allTodosJson } from '../todos/repository';
import { toUser } from './present';

/** populate=todos, populate=*, populate[0]=todos or populate[todos]=true ask for the todos. */
function wantsTodos(populate: unknown): boolean {
  if (populate === undefined || populate === '') return false;
  const names =
    typeof populate === 'string'
      ? populate.split(',')
      : Array.isArray(populate)
        ? populate
        : typeof populate === 'object' && populate !== null
          ? Object.keys(populate)
          : [];
  const unknown = names.filter((name) => name !== 'todos' && name !== '*');
  if (names.length === 0 || unknown.length > 0) {
    throw fieldError(['populate'], `Cannot populate ${JSON.stringify(unknown[0] ?? populate)}: only todos can be populated`);
  }
  return true;
}

/**
 * Whole-list answers built and held at once (each is ~160 bytes a todo: 1.6 MB at 10,000). Two keep
 * the database and the socket busy; more only hold more memory (SQLite builds one at a time anyway).
 */
const FULL_LIST_SLOTS = 2;

/** Whole-list bytes sent between two full garbage collections (see http/answer-collection). */
const COLLECT_EVERY_BYTES = 16 * 1024 * 1024;

/** The user's fields, the todos' pieces and the closing brace, counting the bytes that went out. */
async function* wrapped(head: string, todos: Readable, sent: { bytes: number }): AsyncGenerator<string | Buffer> {
  yield head;
  // Pieces pushed as strings come out as Buffers (the stream has no encoding): lengths in bytes.
  for await (const piece of todos as AsyncIterable<Buffer>) {
    sent.bytes += piece.length;
    yield piece;
  }
  yield '}';
}

export function userRoutes(api: FastifyInstance, { db, authenticate }: AppContext): void {
  const fullLists = createGate(FULL_LIST_SLOTS);
  const largeAnswers = collectAfterLargeAnswers(COLLECT_EVERY_BYTES);
  api.get(
    '/users/me',
    {
      preHandler: authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, with their todos when populate=todos',
        security: bearerSecurity,
        querystring: { type: 'object', properties: { populate: { type: 'string', enum: ['todos', '*'] } } },
        response: { 200: userWithTodosSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const query = request.query as Record<string, unknown>;
      if (!wantsTodos(query.populate)) return toUser(user);
      // The slot is held until the answer has left (or the client has gone): memory stays bounded.
      // A client that went away while waiting for a slot frees it at once ('close' has already fired).
      const release = await fullLists.enter();
      if (request.raw.socket?.destroyed || reply.raw.destroyed) {
        release();
        return reply;
      }
      reply.raw.once('close', release);
      // The todos arrive as JSON text (see allTodosJson) and go out as they are, between the user's
      // fields and the closing brace: no copy of the whole document is made.
      const todos = await allTodosJson(db, user.id);
      const head = `${JSON.stringify(toUser(user)).slice(0, -1)},"todos":`;
      reply.type('application/json; charset=utf-8');
      if (todos instanceof Readable) {
        // Sent as it arrives, so its length is not known up front: chunked.
        const sent = { bytes: 0 };
        reply.raw.once('close', () => largeAnswers.sent(sent.bytes));
        return reply.send(Readable.from(wrapped(head, todos, sent), { objectMode: false }));
      }
      const bytes = Buffer.byteLength(head) + Buffer.byteLength(todos) + 1;
      reply.raw.once('close', () => largeAnswers.sent(bytes));
      return reply.header('content-length', bytes).send(Readable.from([head, todos, '}'], { objectMode: false }));
    },
  );
}
