/** Transactions that nest: a write joins the one under way (an idempotent request's) or opens its own. */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from './dialect';
import type { Database } from './types';

type Db = Kysely<Database>;

/** Runs `work` in the transaction `db` already is, or in a new one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The owner whose row a transaction has locked: a nested ownerTransaction (an idempotent write's) need not lock it again. */
const lockedOwner = new WeakMap<Db, number>();

/** Takes the owner's row lock; `readOnly`: the transaction writes nothing else (see afterOwnerWrites). */
async function lockOwner(trx: Db, ownerId: number, readOnly: boolean): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .$if(readOnly, (query) =>
      query.select(sql<string>`set_config('synchronous_commit', 'off', true)`.as('relaxed')),
    )
    .where('id', '=', ownerId)
    .forNoKeyUpdate()
    .execute();
  lockedOwner.set(trx, ownerId);
}

/**
 * Runs one owner's write in a transaction (see inTransaction). On PostgreSQL the owner's row is
 * locked first, so one owner's writes take turns and their event ids are allocated in commit order:
 * a stream reading `id > last` then never skips one.
 */
export function ownerTransaction<T>(
  db: Db,
  ownerId: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    if (onPostgres(trx) && lockedOwner.get(trx) !== ownerId) await lockOwner(trx, ownerId, false);
    return work(trx);
  });
}

/**
 * Runs a read once the owner's writes under way have committed, so no number below the newest it
 * sees can still appear: it waits for their lock as a write would. A row lock gives the transaction
 * an id whose commit waits for the disk; one that wrote nothing else has nothing to lose in a
 * crash, so its commit does not wait (synchronous_commit off, for it alone).
 */
export function afterOwnerWrites<T>(
  db: Db,
  ownerId: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (db.isTransaction || !onPostgres(db)) return ownerTransaction(db, ownerId, work);
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, ownerId, true);
    return work(trx);
  });
}
