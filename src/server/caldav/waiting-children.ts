/**
 * Children a client sent before their parent (caldav_objects.pending_parent, migration 027): kept
 * as roots until a todo with the UID they name is sent to their calendar.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { isDomainError } from '../domain-error';
import { updateTodo } from '../todos/repository';
import type { WriteContext } from './objects';
import { inCollection, members } from './store';

type Db = Kysely<Database>;

/**
 * Puts under a todo just sent (created or updated) the roots of its calendar that were sent naming
 * its UID as their parent before it was there (parentIdFor's `pending`). One the app's rules refuse
 * (too deep a tree, a cycle) stays a root that waits.
 */
export async function adoptWaiting(
  trx: Db,
  context: WriteContext,
  collection: number,
  uid: string,
  parentId: number,
): Promise<void> {
  const { ownerId } = context;
  const waiting = await inCollection(members(trx, ownerId), collection)
    .where('caldav_objects.pending_parent', '=', uid)
    .where('todos.parent_id', 'is', null)
    .where('todos.id', '<>', parentId)
    .orderBy('todos.id')
    .execute();
  const adopted: number[] = [];
  for (const child of waiting) {
    const now = new Date(Math.max(Date.now(), Date.parse(child.updated_at) + 1));
    try {
      await updateTodo(
        trx,
        ownerId,
        child.id,
        { parent: parentId },
        { maxTodos: context.maxTodos, now },
      );
      adopted.push(child.id);
    } catch (error) {
      // Refused by placeTodo's checks, before any write: the transaction goes on.
      if (!isDomainError(error, 'parent-too-deep') && !isDomainError(error, 'parent-cycle'))
        throw error;
    }
  }
  if (adopted.length > 0)
    await trx
      .updateTable('caldav_objects')
      .set({ pending_parent: null })
      .where('owner_id', '=', ownerId)
      .where('todo_id', 'in', adopted)
      .execute();
}
