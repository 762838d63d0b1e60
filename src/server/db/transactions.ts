/** Transactions that nest: a write joins the one under way (an idempotent request's) or opens its own. */
import type { Kysely } from 'kysely';
import { onPostgres } from './dialect';
import type { Database } from './types';

type Db = Kysely<Database>;

/** Runs `work` in the transaction `db` already is, or in a new one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The owner whose row a transaction has locked: a nested ownerTransaction (an idempotent write's) need not lock it again. */
const lockedOwner = new WeakMap<Db, number>();

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
    if (onPostgres(trx) && lockedOwner.get(trx) !== ownerId) {
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', ownerId)
        .forNoKeyUpdate()
        .execute();
      lockedOwner.set(trx, ownerId);
    }
    return work(trx);
  });
}
