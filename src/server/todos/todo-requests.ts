/**
 * The parts of a todo request the routes share: the path id, the ?scope of a series write, the
 * Strapi { data } envelope and the owner a body may name, and the domain errors turned into answers.
 */
import type { FastifyRequest } from 'fastify';
import { LARGEST_ID, RECURRENCE_NEEDS_DUE_DATE, SCOPES, type Scope } from '../../shared/schemas';
import { fieldError, forbidden, notFound, todoLimitReached } from '../http/errors';
import { isRecord } from '../http/validate';
import { TodoLimitError } from './capacity';
import { toTodoEntity } from './present';
import { RecurrenceWithoutDueDate } from './repository';
import type { ChangedTodo } from './series';

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
export const refuseUndatedRecurrence = (error: unknown): never => {
  throw error instanceof RecurrenceWithoutDueDate
    ? fieldError(['recurrence'], RECURRENCE_NEEDS_DUE_DATE)
    : error;
};

/** ?scope=this|following of a write to an occurrence of a series; this one only by default. */
export function scopeOf(request: FastifyRequest): Scope {
  const scope = (request.query as Record<string, unknown> | undefined)?.scope ?? 'this';
  if (!SCOPES.includes(scope as Scope))
    throw fieldError(['scope'], 'scope must be this or following');
  return scope as Scope;
}
export const scopeQuery = {
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
export const changedAnswer = ({ row, series }: ChangedTodo) => ({
  data: toTodoEntity(row),
  meta: series ? { series } : {},
});

/** Strapi's content API wraps bodies in { data }. */
export function dataOf(body: unknown): unknown {
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
export function assertNamesOnlyCaller(user: unknown, callerId: number): void {
  if (user === undefined) return;
  const ids = ownersNamed(user);
  const onlyCaller = ids.length === 1 && String(ids[0]) === String(callerId);
  if (!onlyCaller) throw forbidden('A todo can only belong to the signed-in user');
}
