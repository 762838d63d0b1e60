/** The todo list read straight from the repository, as the signed-in owner (a live session). */
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import type { ListQuery } from '../../../src/server/todos/query';
import { listTodos } from '../../../src/server/todos/repository';

/** A token id no test revokes: the owner's session is live as long as the owner exists and is not blocked. */
const LIVE_JTI = 'test-live-session';

export async function listAs(db: Kysely<Database>, ownerId: number, query: ListQuery) {
  const listed = await listTodos(db, { userId: ownerId, jti: LIVE_JTI }, query);
  if (!listed) throw new Error(`the session of owner ${ownerId} is not live`);
  return listed;
}
