/** The todo collection, Strapi v4 style, every call scoped to the signed-in owner. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LARGEST_ID,
  RECURRENCE_NEEDS_DUE_DATE,
  SCOPES,
  todoCreateDataSchema,
  todoUpdateDataSchema,
  type Scope,
} from '../../shared/schemas';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { fieldError, forbidden, notFound, todoLimitReached } from '../http/errors';
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
import { isRecord, parseWith } from '../http/validate';
import { toTodoEntity } from './present';
import { paginationMeta, parseListQuery } from './query';
import { listTodos } from './list';
import { TodoLimitError } from './capacity';
import { createTodo, findTodo, RecurrenceWithoutDueDate, updateTodo } from './repository';
import type { ChangedTodo } from './series';
import { trashTodo } from './trash';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

/** A path id that is not a positive integer in the ids' range (PostgreSQL integers) names no todo. */
export function todoId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= LARGEST_ID)) throw notFound();
  return id;
}

/** A write that would pass MAX_TODOS_PER_USER is a 403, as Strapi answers a refused action. */
export const refuseOverLimit = (error: unknown): never => {
  throw error instanceof TodoLimitError ? todoLimitReached() : error;
};

/** A write that would leave a recurrence without a due date is a 400 on the recurrence. */
const refuseUndatedRecurrence = (error: unknown): never => {
  throw error instanceof RecurrenceWithoutDueDate
    ? fieldError(['recurrence'], RECURRENCE_NEEDS_DUE_DATE)
    : error;
};

/** ?scope=this|following of a write to an occurrence of a series; this one only by default. */
function scopeOf(request: FastifyRequest): Scope {
  const scope = (request.query as Record<string, unknown> | undefined)?.scope ?? 'this';
  if (!SCOPES.includes(scope as Scope))
    throw fieldError(['scope'], 'scope must be this or following');
  return scope as Scope;
}
const scopeQuery = {
  type: 'object',
  properties: {
    scope: {
      type: 'string',
      enum: [...SCOPES],
      default: 'this',
      description: 'for an occurrence of a series',
    },
  },
} as const;

/** A changed todo's answer: meta.series says when the change ended its series (no date left up to the last due date). */
const changedAnswer = ({ row, series }: ChangedTodo) => ({
  data: toTodoEntity(row),
  meta: series ? { series } : {},
});

/** Strapi's content API wraps bodies in { data }. */
function dataOf(body: unknown): unknown {
  if (!isRecord(body) || !('data' in body))
    throw fieldError(['data'], 'Missing "data" payload in the request body');
  const extra = Object.keys(body).find((key) => key !== 'data');
  if (extra)
    throw fieldError([extra], `${extra} is not an accepted field (put the todo in "data")`);
  if (!isRecord(body.data)) throw fieldError(['data'], '"data" must be an object');
  return body.data;
}

const idOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'id' in value
    ? (value as { id: unknown }).id
    : value;

/** The owner ids a body names: an id, [id], { id } or { connect: [id] } / { set: [id] }, as Strapi clients send them. */
function ownersNamed(user: unknown): unknown[] {
  if (isRecord(user)) {
    const listed = user.connect ?? user.set;
    if (listed !== undefined) return (Array.isArray(listed) ? listed : [listed]).map(idOf);
  }
  return (Array.isArray(user) ? user : [user]).map(idOf);
}

/** The owner is always whoever creates the todo: a body may name only the caller. */
function assertNamesOnlyCaller(user: unknown, callerId: number): void {
  if (user === undefined) return;
  const ids = ownersNamed(user);
  const onlyCaller = ids.length === 1 && String(ids[0]) === String(callerId);
  if (!onlyCaller) throw forbidden('A todo can only belong to the signed-in user');
}

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
