/**
 * Reminders: at a todo's remindAt its owner gets one mail and a `reminder` live event. Every server
 * process looks for due reminders on a timer (and at start, which sends those missed while it was
 * down, if under 24 hours late). A reminder is claimed in the database before it is sent: one UPDATE
 * sets reminded_at on rows still unclaimed (on PostgreSQL picked with FOR UPDATE SKIP LOCKED, so
 * processes never wait on each other), and only the process whose UPDATE changed the row sends it.
 * A process that dies between the claim and the mail loses that reminder: at most once, never twice.
 * The mail goes only to a confirmed address and within the owner's daily mail cap (mail/notifications.ts);
 * past either, the reminder reaches the app only. Push messages go to each device of the owner
 * (push/send.ts). The owner's reminder delivery choice (both, mail, push, none) picks which go out;
 * the app's own event is always sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { onPostgres } from '../db/dialect';
import type { Database } from '../db/types';
import type { EventBus } from '../events/bus';
import { ownerTransaction } from '../db/transactions';
import { recordEvent } from '../events/journal';
import type { Mailer } from '../mail/mailer';
import { confirmedAddresses, takeMailAllowance } from '../mail/notifications';
import { REMINDER_ACTIONS, SNOOZES, type ReminderAction } from '../../shared/push-schemas';
import { actionPageUrl, makeReminderActions } from '../push/actions';
import { pushReminders, type DueReminder, type PushDeps } from '../push/send';
import { repeat } from './repeat';

type Db = Kysely<Database>;

/** A reminder later than this (the server was down) is not sent at all. */
const REMINDER_GRACE_MS = 24 * 60 * 60_000;
const BATCH = 100;

type ClaimedReminder = DueReminder;

/** Takes up to BATCH due reminders of open, live todos for this process; each is taken by one process only. */
function claimDueReminders(db: Db, now: Date): Promise<ClaimedReminder[]> {
  const due = db
    .selectFrom('todos')
    .select('id')
    .where('reminded_at', 'is', null)
    .where('remind_at', '<=', now.toISOString())
    .where('remind_at', '>', new Date(now.getTime() - REMINDER_GRACE_MS).toISOString())
    .where('completed', '=', 0)
    .where('deleted_at', 'is', null)
    .orderBy('remind_at')
    .limit(BATCH)
    .$if(onPostgres(db), (query) => query.forUpdate().skipLocked());
  return db
    .updateTable('todos')
    .set({ reminded_at: now.toISOString() })
    .where('id', 'in', due)
    .where('reminded_at', 'is', null)
    .returning(['id', 'owner_id', 'title', 'due_date', 'remind_at'])
    .execute() as Promise<ClaimedReminder[]>; // remind_at is set on every row the WHERE took
}

const ACTION_LABELS: Record<ReminderAction, string> = {
  complete: 'Complete',
  'snooze-10m': `Snooze ${SNOOZES['snooze-10m'].label}`,
  snooze: `Snooze ${SNOOZES.snooze.label}`,
  'snooze-tomorrow': 'Snooze until tomorrow',
};

/** Each owner's choice of where reminders go: 'both', 'mail', 'push' or 'none'. */
async function deliveriesOf(db: Db, owners: number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'reminder_delivery'])
    .where('id', 'in', owners)
    .execute();
  return new Map(rows.map((row) => [row.id, row.reminder_delivery]));
}

interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  events: EventBus;
  publicUrl: string;
  /** The most notification mails one user gets a day (MAX_MAILS_PER_USER_PER_DAY). */
  maxMailsPerDay: number;
  log: FastifyBaseLogger;
  push: PushDeps;
}

/** Claims the due reminders, announces each on its owner's event journal and mails it; how many. */
async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const { db, events } = deps;
  const claimed = await claimDueReminders(db, now);
  if (claimed.length === 0) return 0;
  const owners = [...new Set(claimed.map((todo) => todo.owner_id))];
  const [addresses, deliveries] = await Promise.all([
    confirmedAddresses(db, owners),
    deliveriesOf(db, owners),
  ]);
  const wants = (ownerId: number, channel: 'mail' | 'push') =>
    [channel, 'both'].includes(deliveries.get(ownerId) ?? 'both');
  for (const ownerId of owners) {
    const mine = claimed.filter((todo) => todo.owner_id === ownerId);
    // The owner's lock keeps their event ids in commit order (see ownerTransaction).
    await ownerTransaction(db, ownerId, async (trx) => {
      for (const todo of mine)
        await recordEvent(trx, ownerId, 'reminder', todo.id, { title: todo.title });
    });
    events.afterWrite(ownerId);
    const to = addresses.get(ownerId);
    if (to && wants(ownerId, 'mail')) await mailReminders(deps, ownerId, to, mine, now);
  }
  await pushReminders(
    deps.push,
    claimed.filter((todo) => wants(todo.owner_id, 'push')),
    now,
  );
  return claimed.length;
}

/** Mails the owner's reminders that fit in today's cap; the one run that crosses it says so in the log. */
async function mailReminders(
  { db, mailer, publicUrl, maxMailsPerDay, log }: ReminderDeps,
  ownerId: number,
  to: string,
  todos: ClaimedReminder[],
  now: Date,
) {
  const { allowed, capReached } = await takeMailAllowance(
    db,
    ownerId,
    todos.length,
    maxMailsPerDay,
    now,
  );
  if (capReached)
    log.warn(
      { userId: ownerId, cap: maxMailsPerDay },
      "daily mail cap reached: this user's further reminders today reach the app only",
    );
  for (const todo of todos.slice(0, allowed)) {
    const tokens = await makeReminderActions(db, ownerId, todo, REMINDER_ACTIONS, now);
    mailer.send({
      to,
      subject: `Reminder: ${todo.title}`,
      lead: `You asked to be reminded of "${todo.title}"${todo.due_date ? `, due ${todo.due_date}` : ''}.`,
      link: `${publicUrl}/todos`,
      actions: REMINDER_ACTIONS.map((action) => ({
        label: ACTION_LABELS[action],
        url: actionPageUrl(publicUrl, tokens[action]),
      })),
      footer:
        'You get this mail because you set a reminder on this todo in Ticklist. Each link above works once, until the reminder changes. Remove the reminder to stop these mails.',
    });
  }
}

/**
 * Sends due reminders now and every `everyMs` until the returned stop is called (which waits for a
 * run under way); `clock` is the time (tests move it).
 */
export function startReminders(
  deps: ReminderDeps,
  clock: () => Date,
  everyMs: number,
): () => Promise<void> {
  return repeat('sending reminders', everyMs, () => sendDueReminders(deps, clock()), deps.log);
}
