/** The todo collection, Strapi v4 style, every call scoped to the signed-in owner. */
import type { FastifyInstance } from 'fastify';
import { todoCreateDataSchema, todoUpdateDataSchema } from '../../shared/schemas';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { idempotencyHeaders, idempotent } from '../http/idempotency';
import {
  bearerSecurity,
  dataEnvelope,
  errorResponses,
  fromValibot,
  pageQueryProperties,
  singleTodoSchema,
  todoListSchema,
} from '../http/schemas';
import { parseWith } from '../http/validate';
import { listTodos } from './list';
import { paginationMeta } from './pagination';
import { toTodoEntity } from './present';
import { parseListQuery } from './query';
import { createTodo, findTodo, updateTodo } from './repository';
import {
  assertNamesOnlyCaller,
  changedAnswer,
  dataOf,
  idParams,
  refuseOverLimit,
  refuseUndatedRecurrence,
  scopeOf,
  scopeQuery,
  todoId,
} from './todo-requests';
import { trashTodo } from './trash';

export function todoRoutes(api: FastifyInstance, { config, db, authenticate }: AppContext): void {
  const common = { tags: ['todos'], security: bearerSecurity };

  api.get(
    '/todos',
    {
      preHandler: authenticate,
      schema: {
        ...common,
        summary: 'A page of the caller’s todos (Strapi bracket syntax: pagination, filters, sort)',
        querystring: {
          type: 'object',
          properties: {
            ...pageQueryProperties,
            'filters[title][$contains]': {
              type: 'string',
              description: 'case-insensitive substring',
            },
            'filters[completed][$eq]': { type: 'boolean' },
            'filters[dueDate][$lte]': {
              type: 'string',
              format: 'date',
              description: 'also $eq, $lt, $gt, $gte; $null and $notNull take true',
            },
            sort: {
              type: 'string',
              example: 'createdAt:asc',
              description: 'field:asc|desc, comma-separated',
            },
          },
        },
        response: { 200: todoListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query);
      const { rows, total } = await listTodos(db, sessionOf(request).user.id, query);
      return {
        data: rows.map(toTodoEntity),
        meta: { pagination: paginationMeta(query.pagination, total) },
      };
    },
  );

  api.get(
    '/todos/:id',
    {
      preHandler: authenticate,
      schema: {
        ...common,
        summary: 'One of the caller’s todos',
        params: idParams,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await findTodo(db, sessionOf(request).user.id, todoId(request));
      if (!row) throw notFound();
      return { data: toTodoEntity(row), meta: {} };
    },
  );

  api.post(
    '/todos',
    {
      preHandler: authenticate,
      schema: {
        ...common,
        summary: 'Create a todo owned by the caller',
        headers: idempotencyHeaders,
        body: dataEnvelope(fromValibot(todoCreateDataSchema)),
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const data = parseWith(todoCreateDataSchema, dataOf(request.body));
      assertNamesOnlyCaller(data.user, user.id);
      return idempotent(db, request, reply, async (trx) => {
        const row = await createTodo(trx, user.id, data, { maxTodos: config.maxTodosPerUser })
          .catch(refuseOverLimit)
          .catch(refuseUndatedRecurrence);
        return { data: toTodoEntity(row), meta: {} };
      });
    },
  );

  api.put(
    '/todos/:id',
    {
      preHandler: authenticate,
      schema: {
        ...common,
        summary: 'Change one of the caller’s todos',
        params: idParams,
        querystring: scopeQuery,
        headers: idempotencyHeaders,
        body: dataEnvelope(fromValibot(todoUpdateDataSchema)),
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const id = todoId(request);
      const scope = scopeOf(request);
      const data = parseWith(todoUpdateDataSchema, dataOf(request.body));
      assertNamesOnlyCaller(data.user, user.id);
      return idempotent(db, request, reply, async (trx) => {
        const changed = await updateTodo(trx, user.id, id, data, {
          scope,
          maxTodos: config.maxTodosPerUser,
        }).catch(refuseUndatedRecurrence);
        if (!changed) throw notFound();
        return changedAnswer(changed);
      });
    },
  );

  api.delete(
    '/todos/:id',
    {
      preHandler: authenticate,
      schema: {
        ...common,
        summary:
          'Move one of the caller’s todos to the trash (see /todos/trash); answers the deleted todo',
        params: idParams,
        querystring: scopeQuery,
        headers: idempotencyHeaders,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = todoId(request);
      const scope = scopeOf(request);
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const trashed = await trashTodo(trx, ownerId, id, scope, {
          maxTodos: config.maxTodosPerUser,
        });
        if (!trashed) throw notFound();
        return changedAnswer(trashed);
      });
    },
  );
}
