/**
 * The event journal: every change of a user's todos adds a todo_events row in the change's own
 * transaction, so an event exists exactly when its change committed. Streams read it after the last
 * id they sent: live delivery and a reconnect's replay are the same query.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../db/dialect';
import { afterOwnerWrites } from '../db/transactions';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

/**
 * What happened to a todo; `reminder`: its reminder is due now (the SPA shows a toast). A project's
 * and a label's changes are named apart (`project.created`, `label.created`, …), so a client that knows todos only ignores them.
 */
export type TodoAction =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'reminder'
  | 'project.created'
  | 'project.updated'
  | 'project.deleted'
  | 'label.created'
  | 'label.updated'
  | 'label.deleted';
interface JournalRow {
  id: number;
  data: string;
}

/** The PostgreSQL channel a committed event is announced on (payload: the user id). */
export const EVENTS_CHANNEL = 'ticklist_todo_events';
/** How long events are kept for a reconnecting stream to replay. */
const EVENTS_KEPT_MS = 5 * 60_000;

/** Adds an event of one todo (`id`, with `extra` fields) or many (`ids`); on PostgreSQL the NOTIFY is delivered at commit. */
export async function recordEvent(
  trx: Db,
  ownerId: number,
  action: TodoAction,
  id: number | number[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  const data = JSON.stringify(Array.isArray(id) ? { action, ids: id } : { action, id, ...extra });
  await trx
    .insertInto('todo_events')
    .values({ user_id: ownerId, data, created_at: new Date().toISOString() })
    .execute();
  if (onPostgres(trx))
    await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(ownerId)})`.execute(trx);
}

/** The user's events after `afterId`, oldest first. */
export async function eventsAfter(db: Db, userId: number, afterId: number): Promise<JournalRow[]> {
  const rows = await db
    .selectFrom('todo_events')
    .select(['id', 'data'])
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), data: row.data }));
}

const newestId = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('todo_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

/**
 * Where a stream starts reading. A Last-Event-ID is kept when no event after it has been pruned
 * (pruning removes a prefix of the ids, see pruneEvents); otherwise, or without one, the stream
 * starts after the newest event, and `reset` tells the client to refetch.
 */
export async function startingPoint(
  db: Db,
  userId: number,
  lastEventId: string | undefined,
): Promise<{ after: number; reset: boolean }> {
  if (lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId)) {
    const after = Number(lastEventId);
    const [oldest, newest] = await Promise.all([
      db
        .selectFrom('todo_events')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirst(),
      newestId(db),
    ]);
    const firstKept = oldest?.id == null ? newest + 1 : Number(oldest.id);
    if (after >= firstKept - 1 && after <= newest) return { after, reset: false };
  }
  // The owner's lock waits for their writes under way, whose ids could be below the newest.
  return {
    after: await afterOwnerWrites(db, userId, (trx) => newestId(trx)),
    reset: lastEventId !== undefined,
  };
}

/**
 * Deletes events older than EVENTS_KEPT_MS: every id up to the newest expired one, always keeping
 * the newest event of all, so the remaining ids tell which Last-Event-IDs can still be replayed.
 */
export async function pruneEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENTS_KEPT_MS).toISOString();
  const expired = db
    .selectFrom('todo_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('created_at', '<', cutoff);
  const newest = db.selectFrom('todo_events').select((eb) => eb.fn.max('id').as('id'));
  const result = await db
    .deleteFrom('todo_events')
    .where('id', '<=', expired)
    .where('id', '<', newest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
