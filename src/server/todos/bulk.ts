/** One action over many of an owner's todos, all or nothing (POST /todos/bulk). */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { BulkBody } from '../../shared/schemas';
import { onPostgres } from '../db/dialect';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

/** Thrown inside the transaction to roll it back when an id is not among the todos the action applies to. */
class MissingTodo extends Error {}

/**
 * Applies `action` to the owner's todos `ids` in one transaction (`restore` to trashed ones, the
 * rest to live ones): any id missing or misplaced changes nothing (undefined). Counts the todos that
 * changed: a todo already completed is left alone.
 */
export async function applyBulk(db: Db, ownerId: number, { action, ids }: BulkBody, now = new Date()): Promise<number | undefined> {
  const inScope = (eb: ExpressionBuilder<Database, 'todos'>) =>
    eb.and([eb('owner_id', '=', ownerId), eb('id', 'in', ids), eb('deleted_at', action === 'restore' ? 'is not' : 'is', null)]);
  try {
    return await db.transaction().execute(async (trx) => {
      // As createTodo, the owner's row is locked first on PostgreSQL, so one owner's bulk calls and
      // creates take turns; the todos' rows too (in id order), so a single PUT or DELETE waits.
      const postgres = onPostgres(db);
      if (postgres) await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
      const found = await trx.selectFrom('todos').select('id').where(inScope).orderBy('id').$if(postgres, (qb) => qb.forUpdate()).execute();
      if (found.length !== ids.length) throw new MissingTodo();
      const update = trx.updateTable('todos').where(inScope);
      const completed = action === 'complete' ? 1 : 0;
      const changed =
        action === 'delete' || action === 'restore'
          ? update.set({ deleted_at: action === 'delete' ? now.toISOString() : null })
          : update.set({ completed, updated_at: now.toISOString() }).where('completed', '!=', completed);
      return Number((await changed.executeTakeFirst()).numUpdatedRows);
    });
  } catch (error) {
    if (error instanceof MissingTodo) return undefined;
    throw error;
  }
}
