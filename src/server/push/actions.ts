/**
 * A reminder's actions (Complete; Snooze 10 minutes, an hour or until tomorrow) as single-use tokens:
 * URLs a bodiless POST to does what it says, with no other credentials, so a notification's buttons
 * work from the service worker, and a mail's links from any browser, without the session token. A token is random (256 bits) and kept by its
 * SHA-256 only; it works once, and only while its reminder stands: once the todo is completed,
 * deleted or given another reminder time (a snooze is one), every token of the old reminder answers
 * 410. Unused ones are deleted after a week.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SNOOZES, type ReminderAction } from '../../shared/push-schemas';
import { ownerTransaction } from '../db/transactions';
import type { Database } from '../db/types';
import { ApiError } from '../http/errors';
import { updateTodo } from '../todos/repository';

type Db = Kysely<Database>;

const TOKEN_DAYS = 7;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export const gone = () =>
  new ApiError(410, 'GoneError', 'This action was used already, or its reminder has passed');

/** Where a bodiless POST runs the token (a notification's button). */
export const actionApiUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/reminder-actions/${token}`;
/** The app's page that shows what the token does and runs it on a click (a mail's link). */
export const actionPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reminder?token=${token}`;

/**
 * One token for each of `actions` for this reminder of the todo (see actionApiUrl, actionPageUrl).
 */
export async function makeReminderActions<A extends ReminderAction>(
  db: Db,
  ownerId: number,
  todo: { id: number; remind_at: string },
  actions: readonly A[],
  now: Date,
): Promise<Record<A, string>> {
  const tokens = actions.map((action) => ({
    action,
    token: randomBytes(32).toString('base64url'),
  }));
  const expiresAt = new Date(now.getTime() + TOKEN_DAYS * 86_400_000).toISOString();
  await db
    .insertInto('reminder_actions')
    .values(
      tokens.map(({ action, token }) => ({
        token_hash: hashOf(token),
        owner_id: ownerId,
        todo_id: todo.id,
        action,
        remind_at: todo.remind_at,
        expires_at: expiresAt,
      })),
    )
    .execute();
  return Object.fromEntries(tokens.map(({ action, token }) => [action, token])) as Record<
    A,
    string
  >;
}

/** The todo and action a token stands for while it can still be used; else 410. */
async function standingAction(db: Db, token: string, now: Date) {
  const found = await db
    .selectFrom('reminder_actions')
    .innerJoin('todos', 'todos.id', 'reminder_actions.todo_id')
    .select([
      'reminder_actions.owner_id',
      'reminder_actions.todo_id',
      'reminder_actions.action',
      'reminder_actions.remind_at as token_remind_at',
      'reminder_actions.used_at',
      'reminder_actions.expires_at',
      'todos.title',
      'todos.remind_at',
      'todos.completed',
      'todos.deleted_at',
    ])
    .where('reminder_actions.token_hash', '=', hashOf(token))
    .executeTakeFirst();
  if (
    !found ||
    found.used_at !== null ||
    found.expires_at <= now.toISOString() ||
    found.deleted_at !== null ||
    found.completed ||
    found.remind_at !== found.token_remind_at
  )
    throw gone();
  return found;
}

/** What a token would do (the mail's page asks before it POSTs), without using it. */
export async function previewReminderAction(db: Db, token: string, now = new Date()) {
  const found = await standingAction(db, token, now);
  return {
    action: found.action as ReminderAction,
    todo: { id: found.todo_id, title: found.title },
  };
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
  const { owner_id: ownerId } = await standingAction(db, token, now);
  return ownerTransaction(db, ownerId, async (trx) => {
    // Checked again under the owner's lock, and claimed: of two uses at once, one wins.
    const found = await standingAction(trx, token, now);
    const claimed = await trx
      .updateTable('reminder_actions')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hashOf(token))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) throw gone();
    const action = found.action as ReminderAction;
    const patch =
      action === 'complete'
        ? { completed: true }
        : { remindAt: new Date(now.getTime() + SNOOZES[action].ms).toISOString() };
    await updateTodo(trx, ownerId, found.todo_id, patch, { now, maxTodos });
    return { ownerId, action, todoId: found.todo_id };
  });
}

export async function purgeReminderActions(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('reminder_actions').where('expires_at', '<=', now.toISOString()).execute();
}
