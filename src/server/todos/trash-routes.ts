/**
 * The caller's trash: GET and DELETE /todos/trash, POST /todos/trash/restore (all of it) and
 * /todos/:id/restore. Fastify's router prefers the static /todos/trash to /todos/:id, so "trash" is
 * never read as an id.
 */
import type { FastifyInstance } from 'fastify';
import { todoTrashQuerySchema } from '../../shared/trash-query';
import { todoIdParamsSchema } from '../../shared/schemas';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { found } from '../domain-error';
import {
  bearerSecurity,
  countSchema,
  errorResponses,
  singleTodoSchema,
  trashListSchema,
} from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { paginationMeta } from '../http/pagination';
import { toPopulatedEntities } from './populate';
import { toTrashedEntity } from './present';
import { changedAnswer } from './todo-requests';
import { emptyTrash, listTrash, restoreAllTrash, restoreTodo } from './trash';

export function trashRoutes(app: FastifyInstance, { db, authenticate }: AppContext): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const common = { tags: ['trash'], security: bearerSecurity };

  api.get(
    '/todos/trash',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'A page of the caller’s deleted todos, most recently deleted first, with their project and labels when populate asks',
        querystring: todoTrashQuerySchema,
        response: { 200: trashListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { pagination, populate } = request.query;
      const ownerId = sessionOf(request).user.id;
      const { rows, total } = await listTrash(db, ownerId, pagination);
      const populated = await toPopulatedEntities(db, ownerId, rows, populate);
      return {
        data: rows.map((row, index) => {
          const { id, attributes } = toTrashedEntity(row);
          return { id, attributes: { ...populated[index]!.attributes, ...attributes } };
        }),
        meta: { pagination: paginationMeta(pagination, total) },
      };
    },
  );

  api.delete(
    '/todos/trash',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Delete the caller’s deleted todos for good',
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      await emptyTrash(db, sessionOf(request).user.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/todos/trash/restore',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Bring every deleted todo of the caller back from the trash; how many',
        response: { 200: countSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: { count: await restoreAllTrash(db, sessionOf(request).user.id) },
    }),
  );

  api.post(
    '/todos/:id/restore',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'Bring a deleted todo back from the trash with the subtasks deleted with it (a todo not in the trash is 404)',
        params: todoIdParamsSchema,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request) =>
      changedAnswer(found(await restoreTodo(db, sessionOf(request).user.id, request.params.id))),
  );
}
