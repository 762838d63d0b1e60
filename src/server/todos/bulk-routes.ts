/** POST /todos/bulk: complete, uncomplete, delete or restore many of the caller's todos at once. */
import type { FastifyInstance } from 'fastify';
import { bulkBodySchema } from '../../shared/bulk-schema';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { found } from '../domain-error';
import { idempotencyHeaders, idempotent } from '../http/idempotency';
import { bearerSecurity, countSchema, errorResponses } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { applyBulk } from './bulk';

export function bulkRoutes(app: FastifyInstance, { config, db, authenticate }: AppContext): void {
  app.withTypeProvider<ValibotTypeProvider>().post(
    '/todos/bulk',
    {
      preValidation: authenticate,
      schema: {
        tags: ['todos'],
        security: bearerSecurity,
        summary:
          'One action over 1–500 of the caller’s todos, in one transaction: if any id is not found, nothing changes (404)',
        headers: idempotencyHeaders,
        body: bulkBodySchema,
        response: { 200: countSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      return idempotent(db, request, reply, async (trx) => {
        const count = await applyBulk(trx, sessionOf(request).user.id, request.body, {
          maxTodos: config.maxTodosPerUser,
        });
        return { data: { count: found(count) } };
      });
    },
  );
}
