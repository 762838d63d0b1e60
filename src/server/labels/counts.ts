/**
 * The sidebar's open todos per label, for GET /todos/counts: two queries whatever the number of
 * labels, the owner's labels in name order and one grouped count over migration 019's index of the
 * open links.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export async function openTodosPerLabel(
  db: Kysely<Database>,
  ownerId: number,
): Promise<{ id: number; open: number }[]> {
  const [labels, groups] = await Promise.all([
    db
      .selectFrom('labels')
      .select('id')
      .where('owner_id', '=', ownerId)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('todo_labels')
      .select((eb) => ['label_id', eb.fn.countAll<number | string>().as('open')])
      .where('owner_id', '=', ownerId)
      .where('open', '=', 1)
      .groupBy('label_id')
      .execute(),
  ]);
  const open = new Map(groups.map((group) => [group.label_id, Number(group.open)]));
  return labels.map(({ id }) => ({ id, open: open.get(id) ?? 0 }));
}
