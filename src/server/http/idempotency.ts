/**
 * Idempotency-Key (POST /todos, PUT and DELETE /todos/:id, POST /todos/bulk): the first successful
 * answer to a user's key is stored in the write's own transaction and answered again for 24 hours,
 * without writing again. A concurrent duplicate waits on the owner's lock (PostgreSQL) or the
 * single writer (SQLite), then finds the key taken and reads the stored answer. Failed requests
 * store nothing: a retry runs again.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { sessionOf } from '../auth/authenticate';
import type { Database } from '../db/types';
import { isUniqueViolation } from '../db/errors';
import { ownerTransaction } from '../db/transactions';
import { ApiError } from './errors';

type Db = Kysely<Database>;

const KEY = /^[\x20-\x7e]{1,255}$/;
const KEPT_MS = 24 * 3_600_000;

const KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 printable ASCII characters';

/** The header, checked at entry by the routes that take it. */
export const idempotencyHeaders = v.looseObject({
  'idempotency-key': v.optional(
    v.pipe(
      v.string(KEY_MESSAGE),
      v.regex(KEY, KEY_MESSAGE),
      v.description('a retry with the same key gets the first answer (24 hours)'),
    ),
  ),
});

/**
 * Bodies as they arrived, before validation turned them into what the handler reads: a key's
 * request is recognised by what the client sent (the stored hashes were made from it).
 */
const receivedBodies = new WeakMap<FastifyRequest, unknown>();

/** An app-wide preValidation hook: remembers the body that validation will replace. */
export async function rememberReceivedBody(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined) receivedBodies.set(request, request.body);
}

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(
      `${request.method} ${request.url}\n${JSON.stringify(receivedBodies.get(request) ?? null)}`,
    )
    .digest('hex');

/** Runs `write` (given the transaction to write in) once per key; without a key, just runs it. */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  // Checked by the route's idempotencyHeaders schema.
  const key = request.headers['idempotency-key'] as string | undefined;
  if (key === undefined) return write(db);
  const userId = sessionOf(request).user.id;
  const requestHash = hashOf(request);
  const storedAnswer = (trx: Db) =>
    trx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'body'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
  let first: Awaited<ReturnType<typeof storedAnswer>>;
  try {
    type Outcome = { answer: T } | { stored: NonNullable<typeof first> };
    const outcome = await ownerTransaction(db, userId, async (trx): Promise<Outcome> => {
      // Read under the owner's lock (PostgreSQL) or the single writer (SQLite): a duplicate that
      // waited for the first sees its answer here. The key is written once, answer and all.
      const stored = await storedAnswer(trx);
      if (stored) return { stored };
      const answer = await write(trx);
      await trx
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          request_hash: requestHash,
          created_at: new Date().toISOString(),
          status: reply.statusCode,
          body: JSON.stringify(answer),
        })
        .execute();
      return { answer };
    });
    if ('answer' in outcome) return outcome.answer;
    first = outcome.stored;
  } catch (error) {
    // Another process's duplicate committed first (SQLite files shared by processes): this write
    // rolled back; answer with the stored one.
    if (!isUniqueViolation(error)) throw error;
    first = await storedAnswer(db);
  }
  // Purged in the meantime (24 hours old): the key is free again.
  if (!first || first.body === null || first.status === null)
    return idempotent(db, request, reply, write);
  if (first.request_hash !== requestHash)
    throw new ApiError(422, 'ApplicationError', 'Idempotency-Key reused with a different request');
  reply.code(first.status).header('idempotent-replayed', 'true');
  return JSON.parse(first.body) as T;
}

/** Deletes keys older than 24 hours (the housekeeping job). */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEPT_MS).toISOString();
  return Number(
    (await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst())
      .numDeletedRows,
  );
}
