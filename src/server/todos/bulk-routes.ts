/** POST /todos/bulk: complete, uncomplete, delete or restore many of the caller's todos at once. */
import type { FastifyInstance } from 'fastify';
import { bulkBodySchema } from '../../shared/schemas';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { idempotencyHeaders, idempotent } from '../http/idempotency';
import { bearerSecurity, countSchema, errorResponses, fromValibot } from '../http/schemas';
import { parseWith } from '../http/validate';
import { applyBulk } from './bulk';

export function bulkRoutes(api: FastifyInstance, { config, db, authenticate }: AppContext): void {
  api.post(
    '/todos/bulk',
    {
      preHandler: authenticate,
      schema: {
        tags: ['todos'],
        security: bearerSecurity,
        summary:
          'One action over 1–500 of the caller’s todos, in one transaction: if any id is not found, nothing changes (404)',
        headers: idempotencyHeaders,
        body: fromValibot(bulkBodySchema),
        response: { 200: countSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = parseWith(bulkBodySchema, request.body);
      return idempotent(db, request, reply, async (trx) => {
        const count = await applyBulk(trx, sessionOf(request).user.id, body, {
          maxTodos: config.maxTodosPerUser,
        });
        if (count === undefined) throw notFound();
        return { data: { count } };
      });
    },
  );
}
