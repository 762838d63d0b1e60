/** GET /users/me, with the caller's todos when asked to populate them. */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { rateLimited } from '../http/errors';
import { bearerSecurity, errorResponses, userWithTodosSchema } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { isRecord } from '../../shared/qs-object';
import { toFlatTodo } from '../todos/present';
import { allTodos } from '../todos/repository';
import { toUser } from './present';

/** populate=todos, populate=*, populate[0]=todos or populate[todos]=true ask for the todos. */
const wantsTodos = v.pipe(
  v.unknown(),
  v.metadata({ type: 'string', enum: ['todos', '*'] }),
  v.rawTransform(({ dataset: { value: populate }, addIssue }) => {
    if (populate === undefined || populate === '') return false;
    const listed = typeof populate === 'string' ? populate.split(',') : populate;
    const names = Array.isArray(listed) ? listed : isRecord(listed) ? Object.keys(listed) : [];
    const unknown = names.filter((name) => name !== 'todos' && name !== '*');
    if (names.length === 0 || unknown.length > 0)
      addIssue({
        message: `Cannot populate ${JSON.stringify(unknown[0] ?? populate)}: only todos can be populated`,
      });
    return true;
  }),
);
const meQuery = v.object({ populate: v.optional(wantsTodos, '') });

/** The most todos populate=todos lists (the oldest), so no user can hold the server on megabytes of answers. */
const POPULATE_LIMIT = 1000;

export function userRoutes(app: FastifyInstance, { db, authenticate }: AppContext): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  // Users with a populate=todos call under way in this process: one at a time each, others get 429.
  const populating = new Set<number>();
  api.get(
    '/users/me',
    {
      preValidation: authenticate,
      schema: {
        tags: ['users'],
        summary: `The signed-in user, with their oldest ${POPULATE_LIMIT} todos when populate=todos`,
        security: bearerSecurity,
        querystring: meQuery,
        response: { 200: userWithTodosSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      if (!request.query.populate) return toUser(user);
      if (populating.has(user.id)) throw rateLimited(1);
      // Held until the answer has left (or the client has gone), not only while the rows are read.
      populating.add(user.id);
      reply.raw.once('close', () => populating.delete(user.id));
      const todos = await allTodos(db, user.id, POPULATE_LIMIT);
      return { ...toUser(user), todos: todos.map(toFlatTodo) };
    },
  );
}
