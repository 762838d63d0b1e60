/**
 * Who notification mails (reminders; anything but the confirmation and reset mails) may go to, and
 * how many: only to a confirmed address, since anyone can register with someone else's, and at most
 * the daily cap per user. The count is kept in the database so every server process shares it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The addresses of those of `userIds` whose address is confirmed, by user id. */
export async function confirmedAddresses(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', userIds)
    .where('confirmed', '=', 1)
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

interface MailAllowance {
  /** How many of the wanted mails may be sent (the first ones). */
  allowed: number;
  /** True for the one call, across all processes, whose mails crossed the day's cap. */
  capReached: boolean;
}

/**
 * Counts `wanted` more mails to the user today (UTC, at `now`) and says how many fit under `cap`.
 * One atomic upsert, so concurrent callers each see their own running total and never share a slot.
 */
export async function takeMailAllowance(
  db: Db,
  userId: number,
  wanted: number,
  cap: number,
  now = new Date(),
): Promise<MailAllowance> {
  const { mails: after } = await db
    .insertInto('mail_counts')
    .values({ user_id: userId, day: utcDay(now), mails: wanted })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'day'])
        .doUpdateSet((eb) => ({ mails: eb('mail_counts.mails', '+', wanted) })),
    )
    .returning('mails')
    .executeTakeFirstOrThrow();
  const before = after - wanted;
  return {
    allowed: Math.max(0, Math.min(wanted, cap - before)),
    capReached: before <= cap && after > cap,
  };
}

/** Deletes the counts of days before yesterday (a process whose clock is a little behind still finds its day). */
export async function purgeMailCounts(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('mail_counts')
    .where('day', '<', utcDay(new Date(now.getTime() - DAY_MS)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
