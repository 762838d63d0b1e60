/** One action over many of an owner's todos, all or nothing (POST /todos/bulk): a label's too. */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { BulkBody } from '../../shared/bulk-schema';
import { onPostgres } from '../db/dialect';
import type { Database } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { recordEvent, type TodoAction } from '../events/journal';
import { continueSeries } from './series';
import { inboxOrphans } from '../projects';
import { labelMany } from '../labels';
import { moveTodos } from './bulk-move';
import { restoreDescendants, settleRestored, trashDescendants } from './subtasks-trash';

type Db = Kysely<Database>;

/** Thrown inside the transaction to roll it back when an id is not among the todos the action applies to. */
class MissingTodo extends Error {}

/** What lists see of each action: a restored todo comes back, as a created one does. */
const EVENT_OF: Record<BulkBody['action'], TodoAction> = {
  complete: 'updated',
  uncomplete: 'updated',
  delete: 'deleted',
  restore: 'created',
  label: 'updated',
  unlabel: 'updated',
  move: 'updated',
};

/**
 * Applies `action` to the owner's todos `ids` in one transaction (`restore` to trashed ones, the
 * rest to live ones): any id missing or misplaced changes nothing (undefined). Counts the todos that
 * changed: a todo already completed is left alone; `delete` and `restore` carry subtasks as a single
 * delete and restore do, and count them. One event names the changed ids (another the subtasks).
 */
export async function applyBulk(
  db: Db,
  ownerId: number,
  { action, ids, label, project }: BulkBody,
  { now = new Date(), maxTodos = Infinity } = {},
): Promise<number | undefined> {
  const inScope = (eb: ExpressionBuilder<Database, 'todos'>) =>
    eb.and([
      eb('owner_id', '=', ownerId),
      eb('id', 'in', ids),
      eb('deleted_at', action === 'restore' ? 'is not' : 'is', null),
    ]);
  try {
    return await ownerTransaction(db, ownerId, async (trx) => {
      // The owner is locked (ownerTransaction); the todos' rows too on PostgreSQL (in id order), so
      // the trash purge cannot take one away between this check and the update.
      const found = await trx
        .selectFrom('todos')
        .select('id')
        .where(inScope)
        .orderBy('id')
        .$if(onPostgres(trx), (qb) => qb.forUpdate())
        .execute();
      if (found.length !== ids.length) throw new MissingTodo();
      if (label !== undefined) {
        // A label put on or taken off is a change of the todo, as a PUT of its labels is.
        const labelled = await labelMany(trx, ownerId, ids, label, action === 'label');
        if (labelled.length === 0) return 0;
        await trx
          .updateTable('todos')
          .set({ updated_at: now.toISOString() })
          .where('owner_id', '=', ownerId)
          .where('id', 'in', labelled)
          .execute();
        await recordEvent(
          trx,
          ownerId,
          'updated',
          [...labelled].sort((a, b) => a - b),
        );
        return labelled.length;
      }
      if (project !== undefined) return moveTodos(trx, ownerId, ids, project, now);
      // Read while the todos are still in the trash: their deleted_at ties their subtasks to them.
      const restoredBelow = action === 'restore' ? await restoreDescendants(trx, ownerId, ids) : [];
      const update = trx.updateTable('todos').where(inScope);
      const completed = action === 'complete' ? 1 : 0;
      const changed =
        action === 'delete' || action === 'restore'
          ? update.set({ deleted_at: action === 'delete' ? now.toISOString() : null })
          : update
              .set({ completed, updated_at: now.toISOString() })
              .where('completed', '!=', completed);
      const changedIds = (await changed.returning('id').execute())
        .map((row) => row.id)
        .sort((a, b) => a - b);
      if (changedIds.length > 0) await recordEvent(trx, ownerId, EVENT_OF[action], changedIds);
      const below =
        action === 'delete'
          ? await trashDescendants(trx, ownerId, changedIds, now.toISOString())
          : restoredBelow;
      if (action === 'restore') {
        if (below.length > 0) await recordEvent(trx, ownerId, 'created', below);
        // A todo without its parent is a root; one whose project is still in the trash is in the Inbox.
        await settleRestored(trx, ownerId, [...changedIds, ...below], now);
        await inboxOrphans(trx, ownerId, [...changedIds, ...below]);
      }
      if (action === 'complete' && changedIds.length > 0) {
        // Completed occurrences of series make their next ones, as a PUT does.
        const occurrences = await trx
          .selectFrom('todos')
          .selectAll()
          .where('owner_id', '=', ownerId)
          .where('id', 'in', changedIds)
          .where('series_id', 'is not', null)
          .execute();
        for (const occurrence of occurrences)
          await continueSeries(trx, ownerId, occurrence, now, maxTodos);
      }
      return changedIds.length + below.length;
    });
  } catch (error) {
    if (error instanceof MissingTodo) return undefined;
    throw error;
  }
}
