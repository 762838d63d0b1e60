/**
 * MOVE of a todo (RFC 4918 §9.9) to another calendar of the same user moves it to that project:
 * the same todo (id, dates, series), at the name the Destination gives. A todo already at the
 * destination is trashed first unless `Overwrite: F` (then 412). Calendars themselves do not move.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { updateTodo } from '../todos/repository';
import { trashTodo } from '../todos/trash';
import { collectionAt, type DavCollection } from './calendars';
import { DavError, davNotFound } from './errors';
import { checkConditions } from './conditions';
import { etagOf, memberIn, releaseStale, textOf, type WriteContext } from './objects';
import { parseDavPath } from './paths';
import { memberByName, nameOf } from './store';
import { defaultUid, MAPPING } from './vtodo';

type Db = Kysely<Database>;

export interface MoveRequest {
  from: { collection: DavCollection; name: string };
  destination: string | undefined;
  overwrite: boolean;
  ifMatch?: string;
}

/** Where a Destination header points: one of the user's calendars and a name in it. */
async function targetOf(db: Db, context: WriteContext, destination: string | undefined) {
  if (!destination) throw new DavError(400, 'MOVE needs a Destination');
  const path = parseDavPath(destination);
  if (path?.kind !== 'object' || path.user.toLowerCase() !== context.username.toLowerCase())
    throw new DavError(403, 'A todo moves to another calendar of the same user only');
  const collection = await collectionAt(db, context.ownerId, path.segment);
  if (!collection) throw new DavError(409, 'The destination calendar does not exist');
  return { collection, name: path.name };
}

/** Moves the todo; true when the destination was free (201), false when one was replaced (204). */
export async function moveObject(context: WriteContext, request: MoveRequest): Promise<boolean> {
  const { db, ownerId, host } = context;
  const to = await targetOf(db, context, request.destination);
  const { from } = request;
  if (to.collection.id === from.collection.id && to.name === from.name)
    throw new DavError(403, 'The source and the destination are the same');
  return ownerTransaction(db, ownerId, async (trx) => {
    const member = await memberIn(trx, ownerId, from.collection.id, from.name);
    if (!member) throw davNotFound();
    checkConditions({ ifMatch: request.ifMatch }, etagOf(member, host));
    const there = await memberByName(trx, ownerId, to.name);
    const replacing = there !== undefined && there.id !== member.id;
    if (replacing && !request.overwrite) throw new DavError(412, 'The destination exists');
    if (replacing) await trashTodo(trx, ownerId, there.id, 'this', { maxTodos: context.maxTodos });
    // The name is free once no live todo holds it (a trashed one's row lets go of it).
    await releaseStale(trx, ownerId, to.name, '');
    const now = new Date(Math.max(Date.now(), Date.parse(member.updated_at) + 1));
    const project = to.collection.id === 0 ? null : to.collection.id;
    await updateTodo(trx, ownerId, member.id, { project }, { maxTodos: context.maxTodos, now });
    if (to.name !== nameOf(member)) {
      const row = {
        todo_id: member.id,
        owner_id: ownerId,
        uid: member.uid ?? defaultUid(member.id, host),
        name: to.name,
        ical: member.ical ?? textOf(member, host),
        // A new row holds a fresh rendering; an existing one keeps its mapping (only the name moves).
        mapping: MAPPING,
      };
      await trx
        .insertInto('caldav_objects')
        .values(row)
        .onConflict((conflict) => conflict.column('todo_id').doUpdateSet({ name: row.name }))
        .execute();
    }
    return !replacing;
  });
}
