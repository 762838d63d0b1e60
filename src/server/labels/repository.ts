/**
 * Label persistence: every function takes the owner's id and never reads or writes another user's
 * labels. Names are unique per owner by their Unicode lower case (name_key), checked under the
 * owner's lock (ownerTransaction), so two creates cannot both take a name; the index of migration
 * 019 backs it. Deleting a label unlinks its todos and leaves them be.
 */
import type { Kysely } from 'kysely';
import type { LabelCreateData, LabelListQuery, LabelUpdateData } from '../../shared/label-schemas';
import { titleKey } from '../../shared/title-key';
import type { Database, LabelRow } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { keyContains, withIdTieBreak } from '../db/list-terms';
import { DomainError } from '../domain-error';
import { recordEvent } from '../events/journal';

type Db = Kysely<Database>;

const SORT_COLUMNS = {
  name: 'name_key',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  id: 'id',
} as const;

const ownLabels = (db: Db, ownerId: number) =>
  db.selectFrom('labels').where('owner_id', '=', ownerId);

export const findLabel = (db: Db, ownerId: number, id: number): Promise<LabelRow | undefined> =>
  ownLabels(db, ownerId).selectAll().where('id', '=', id).executeTakeFirst();

/** How many labels the owner keeps. */
export async function labelCount(db: Db, ownerId: number): Promise<number> {
  const row = await ownLabels(db, ownerId)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Refuses a name another label of the owner has, whatever its case (`except`: the label renamed). */
export async function assertLabelNameFree(
  db: Db,
  ownerId: number,
  name: string,
  except?: number,
): Promise<void> {
  const taken = await ownLabels(db, ownerId)
    .select('id')
    .where('name_key', '=', titleKey(name))
    .$if(except !== undefined, (qb) => qb.where('id', '!=', except!))
    .executeTakeFirst();
  if (taken) throw new DomainError('label-name-taken', { name });
}

/** A page of the owner's labels narrowed by the query, and the total it is a page of. */
export async function listLabels(
  db: Db,
  ownerId: number,
  query: LabelListQuery,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: LabelRow[]; total: number }> {
  let matching = ownLabels(db, ownerId);
  for (const name of query.nameEquals) matching = matching.where('name_key', '=', titleKey(name));
  for (const needle of query.nameContains)
    matching = matching.where(keyContains('name_key', needle));
  const page = withIdTieBreak(query.sort)
    .reduce(
      (ordered, key) => ordered.orderBy(SORT_COLUMNS[key.field], key.direction),
      matching.selectAll(),
    )
    .limit(limit)
    .offset(offset);
  const [rows, counted] = await Promise.all([
    page.execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** A new label, unless the owner keeps `maxLabels` already or has one of that name. */
export function createLabel(
  db: Db,
  ownerId: number,
  data: LabelCreateData,
  { maxLabels = Infinity, now = new Date() } = {},
): Promise<LabelRow> {
  return ownerTransaction(db, ownerId, async (trx) => {
    if ((await labelCount(trx, ownerId)) >= maxLabels)
      throw new DomainError('label-limit', { max: maxLabels });
    await assertLabelNameFree(trx, ownerId, data.name);
    const stamp = now.toISOString();
    const created = await trx
      .insertInto('labels')
      .values({
        owner_id: ownerId,
        name: data.name,
        name_key: titleKey(data.name),
        color: data.color,
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(trx, ownerId, 'label.created', created.id);
    return created;
  });
}

/** Renames or recolours a label; undefined when the owner has no such label. */
export function updateLabel(
  db: Db,
  ownerId: number,
  id: number,
  patch: LabelUpdateData,
  now = new Date(),
): Promise<LabelRow | undefined> {
  return ownerTransaction(db, ownerId, async (trx) => {
    if (!(await findLabel(trx, ownerId, id))) return undefined;
    if (patch.name !== undefined) await assertLabelNameFree(trx, ownerId, patch.name, id);
    const updated = await trx
      .updateTable('labels')
      .set({
        ...(patch.name !== undefined && { name: patch.name, name_key: titleKey(patch.name) }),
        ...(patch.color !== undefined && { color: patch.color }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(trx, ownerId, 'label.updated', id);
    return updated;
  });
}

/**
 * Deletes a label for good, unlinking its todos (the todos stay, trashed ones too); undefined when
 * the owner has no such label. Lists see the label go and each live todo it was on change.
 */
export function deleteLabel(
  db: Db,
  ownerId: number,
  id: number,
): Promise<{ row: LabelRow; todoIds: number[] } | undefined> {
  return ownerTransaction(db, ownerId, async (trx) => {
    const row = await findLabel(trx, ownerId, id);
    if (!row) return undefined;
    const todoIds = (
      await trx.deleteFrom('todo_labels').where('label_id', '=', id).returning('todo_id').execute()
    )
      .map((link) => link.todo_id)
      .sort((a, b) => a - b);
    await trx.deleteFrom('labels').where('id', '=', id).where('owner_id', '=', ownerId).execute();
    await recordEvent(trx, ownerId, 'label.deleted', id);
    if (todoIds.length > 0) await recordEvent(trx, ownerId, 'updated', todoIds);
    return { row, todoIds };
  });
}
