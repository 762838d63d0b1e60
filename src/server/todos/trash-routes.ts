/**
 * The caller's trash: GET and DELETE /todos/trash, POST /todos/:id/restore. Fastify's router prefers
 * the static /todos/trash to /todos/:id, so "trash" is never read as an id.
 */
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import {
  bearerSecurity,
  errorResponses,
  pageQueryProperties,
  singleTodoSchema,
  trashListSchema,
} from '../http/schemas';
import { toTodoEntity, toTrashedEntity } from './present';
import { paginationMeta, parsePageQuery } from './pagination';
import { idParams, todoId } from './todo-requests';
import { emptyTrash, listTrash, restoreTodo } from './trash';

export function trashRoutes(api: FastifyInstance, { db, authenticate }: AppContext): void {
  const common = { tags: ['trash'], security: bearerSecurity };

  api.get(
    '/todos/trash',
    {
      preHandler: authenticate,
      schema: {
        ...common,
        summary: 'A page of the caller’s deleted todos, most recently deleted first',
        querystring: { type: 'object', properties: pageQueryProperties },
        response: { 200: trashListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const pagination = parsePageQuery(request.query);
      const { rows, total } = await listTrash(db, sessionOf(request).user.id, pagination);
      return {
        data: rows.map(toTrashedEntity),
        meta: { pagination: paginationMeta(pagination, total) },
      };
    },
  );

  api.delete(
    '/todos/trash',
    {
      preHandler: authenticate,
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
    '/todos/:id/restore',
    {
      preHandler: authenticate,
      schema: {
        ...common,
        summary: 'Bring a deleted todo back from the trash (a todo not in the trash is 404)',
        params: idParams,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await restoreTodo(db, sessionOf(request).user.id, todoId(request));
      if (!row) throw notFound();
      return { data: toTodoEntity(row), meta: {} };
    },
  );
}
