/** The todo collection, Strapi v4 style, every call scoped to the signed-in owner. */
import type { FastifyInstance } from 'fastify';
import { listQuerySchema } from '../../shared/list-query';
import {
  scopeQuerySchema,
  todoCreateDataSchema,
  todoIdParamsSchema,
  todoUpdateDataSchema,
} from '../../shared/schemas';
import {
  todoCreateQuerySchema,
  todoFindQuerySchema,
  todoUpdateQuerySchema,
} from '../../shared/todo-queries';
import { strapiData } from '../../shared/strapi-data';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { found } from '../domain-error';
import { idempotencyHeaders, idempotent } from '../http/idempotency';
import { bearerSecurity, errorResponses, singleTodoSchema, todoListSchema } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { listTodos } from './list';
import { paginationMeta } from '../http/pagination';
import { toPopulatedEntities } from './populate';
import { createTodo, findTodo, updateTodo } from './repository';
import { assertNamesOnlyCaller, changedAnswer } from './todo-requests';
import { trashTodo } from './trash';

const createBody = strapiData(todoCreateDataSchema);
const updateBody = strapiData(todoUpdateDataSchema);

export function todoRoutes(app: FastifyInstance, { config, db, authenticate }: AppContext): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const common = { tags: ['todos'], security: bearerSecurity };

  api.get(
    '/todos',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'A page of the caller’s todos (Strapi bracket syntax: pagination, filters, sort)',
        description:
          'Default order createdAt:asc. sort=position:asc gives the owner’s own order, e.g. a project’s top-level todos with filters[project][id][$eq]=7&filters[parent][id][$null]=true&sort=position:asc; ties are broken by id.',
        querystring: listQuerySchema,
        response: { 200: todoListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const ownerId = sessionOf(request).user.id;
      const { rows, total } = await listTodos(db, ownerId, request.query);
      return {
        data: await toPopulatedEntities(db, ownerId, rows, request.query.populate),
        meta: { pagination: paginationMeta(request.query.pagination, total) },
      };
    },
  );

  api.get(
    '/todos/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'One of the caller’s todos (populate=* adds its project, labels, parent and subtasks)',
        params: todoIdParamsSchema,
        querystring: todoFindQuerySchema,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request) => {
      const ownerId = sessionOf(request).user.id;
      const row = found(await findTodo(db, ownerId, request.params.id));
      const [entity] = await toPopulatedEntities(db, ownerId, [row], request.query.populate);
      return { data: entity!, meta: {} };
    },
  );

  api.post(
    '/todos',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Create a todo owned by the caller',
        description:
          'Without a position, the new todo’s position is its id, so it comes last in the owner’s order.',
        querystring: todoCreateQuerySchema,
        headers: idempotencyHeaders,
        body: createBody,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const data = request.body;
      assertNamesOnlyCaller(data.user, user.id);
      return idempotent(db, request, reply, async (trx) => {
        const { projectMissing, parentMissing, labelsMissing, ...row } = await createTodo(
          trx,
          user.id,
          data,
          { ...request.query, maxTodos: config.maxTodosPerUser },
        );
        return changedAnswer({ row, projectMissing, parentMissing, labelsMissing });
      });
    },
  );

  api.put(
    '/todos/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Change one of the caller’s todos',
        description:
          'A position moves the todo in the owner’s order (sort=position:asc); to reorder, PUT the new positions of the todos whose place changed.',
        params: todoIdParamsSchema,
        querystring: todoUpdateQuerySchema,
        headers: idempotencyHeaders,
        body: updateBody,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const data = request.body;
      assertNamesOnlyCaller(data.user, user.id);
      return idempotent(db, request, reply, async (trx) => {
        const changed = await updateTodo(trx, user.id, request.params.id, data, {
          ...request.query,
          maxTodos: config.maxTodosPerUser,
        });
        return changedAnswer(found(changed));
      });
    },
  );

  api.delete(
    '/todos/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'Move one of the caller’s todos to the trash (see /todos/trash); answers the deleted todo',
        params: todoIdParamsSchema,
        querystring: scopeQuerySchema,
        headers: idempotencyHeaders,
        response: { 200: singleTodoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const trashed = await trashTodo(trx, ownerId, request.params.id, request.query.scope, {
          maxTodos: config.maxTodosPerUser,
        });
        return changedAnswer(found(trashed));
      });
    },
  );
}
