/**
 * A reminder's actions (Complete, Snooze an hour) as single-use tokens: URLs a bodiless POST to does
 * what it says, with no other credentials, so a notification's buttons work from the service worker
 * without the session token ever leaving the app. A token is random (256 bits) and kept by its
 * SHA-256 only; it works once, and only while its reminder stands: once the todo is completed,
 * deleted or given another reminder time (a snooze is one), every token of the old reminder answers
 * 410. Unused ones are deleted after a week.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReminderAction } from '../../shared/push-schemas';
import { ownerTransaction } from '../db/transactions';
import type { Database } from '../db/types';
import { ApiError } from '../http/errors';
import { updateTodo } from '../todos/repository';

type Db = Kysely<Database>;

const TOKEN_DAYS = 7;
const SNOOZE_MS = 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export const gone = () =>
  new ApiError(410, 'GoneError', 'This action was used already, or its reminder has passed');

/** One token per action for this reminder of `todoId`; the URLs to put in its payload. */
export async function makeReminderActions(
  db: Db,
  publicUrl: string,
  ownerId: number,
  todo: { id: number; remind_at: string },
  now: Date,
): Promise<Record<ReminderAction, string>> {
  const tokens = { complete: randomBytes(32), snooze: randomBytes(32) };
  const expiresAt = new Date(now.getTime() + TOKEN_DAYS * 86_400_000).toISOString();
  await db
    .insertInto('reminder_actions')
    .values(
      Object.entries(tokens).map(([action, token]) => ({
        token_hash: hashOf(token.toString('base64url')),
        owner_id: ownerId,
        todo_id: todo.id,
        action,
        remind_at: todo.remind_at,
        expires_at: expiresAt,
      })),
    )
    .execute();
  const url = (token: Buffer) => `${publicUrl}/api/reminder-actions/${token.toString('base64url')}`;
  return { complete: url(tokens.complete), snooze: url(tokens.snooze) };
}

/**
 * Uses a token: completes or snoozes its todo and answers what it did, or throws 410 when the token
 * is unknown, used, expired or its reminder no longer stands. The owner whose todo changed is
 * returned for the live events.
 */
export async function useReminderAction(
  db: Db,
  token: string,
  { maxTodos, now = new Date() }: { maxTodos: number; now?: Date },
) {
  const entry = await db
    .selectFrom('reminder_actions')
    .select(['owner_id', 'todo_id'])
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirst();
  if (!entry) throw gone();
  return ownerTransaction(db, entry.owner_id, async (trx) => {
    const claimed = await trx
      .updateTable('reminder_actions')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hashOf(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning(['action', 'remind_at'])
      .executeTakeFirst();
    const todo = await trx
      .selectFrom('todos')
      .select(['remind_at', 'completed'])
      .where('id', '=', entry.todo_id)
      .where('owner_id', '=', entry.owner_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!claimed || !todo || todo.completed || todo.remind_at !== claimed.remind_at) throw gone();
    const patch =
      claimed.action === 'complete'
        ? { completed: true }
        : { remindAt: new Date(now.getTime() + SNOOZE_MS).toISOString() };
    await updateTodo(trx, entry.owner_id, entry.todo_id, patch, { now, maxTodos });
    return { ownerId: entry.owner_id, action: claimed.action, todoId: entry.todo_id };
  });
}

export async function purgeReminderActions(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('reminder_actions').where('expires_at', '<=', now.toISOString()).execute();
}
