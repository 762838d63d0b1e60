/**
 * Project persistence: every function takes the owner's id and never reads or writes another user's
 * projects. These read and change live projects; the trash is trash.ts. Names are unique among the
 * owner's live projects by their Unicode lower case (name_key), checked under the owner's lock
 * (ownerTransaction), so two creates cannot both take a name; the index of migration 018 backs it.
 */
import type { Kysely } from 'kysely';
import {
  positionAfter,
  type ProjectCreateData,
  type ProjectListQuery,
  type ProjectUpdateData,
} from '../../shared/project-schemas';
import { titleKey } from '../../shared/title-key';
import type { Database, ProjectRow } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { keyContains, withIdTieBreak } from '../db/list-terms';
import { DomainError } from '../domain-error';
import { recordEvent } from '../events/journal';

type Db = Kysely<Database>;

const SORT_COLUMNS = {
  name: 'name_key',
  position: 'position',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  archived: 'archived',
  id: 'id',
} as const;

const liveProjects = (db: Db, ownerId: number) =>
  db.selectFrom('projects').where('owner_id', '=', ownerId).where('deleted_at', 'is', null);

export const findProject = (db: Db, ownerId: number, id: number): Promise<ProjectRow | undefined> =>
  liveProjects(db, ownerId).selectAll().where('id', '=', id).executeTakeFirst();

/** How many live projects the owner keeps (archived ones too). */
export async function liveProjectCount(db: Db, ownerId: number): Promise<number> {
  const row = await liveProjects(db, ownerId)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Refuses a name another live project of the owner has (`except` aside: the project renamed). */
export async function assertNameFree(
  db: Db,
  ownerId: number,
  name: string,
  except?: number,
): Promise<void> {
  const taken = await liveProjects(db, ownerId)
    .select('id')
    .where('name_key', '=', titleKey(name))
    .$if(except !== undefined, (qb) => qb.where('id', '!=', except!))
    .executeTakeFirst();
  if (taken) throw new DomainError('project-name-taken', { name });
}

/** Refuses one more live project past `maxProjects`. */
export async function assertRoomForProject(db: Db, ownerId: number, maxProjects: number) {
  if ((await liveProjectCount(db, ownerId)) >= maxProjects)
    throw new DomainError('project-limit', { max: maxProjects });
}

/** A page of the owner's live projects narrowed by the query, and the total it is a page of. */
export async function listProjects(
  db: Db,
  ownerId: number,
  query: ProjectListQuery,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  let matching = liveProjects(db, ownerId);
  for (const name of query.nameEquals) matching = matching.where('name_key', '=', titleKey(name));
  for (const needle of query.nameContains)
    matching = matching.where(keyContains('name_key', needle));
  if (query.archived !== undefined)
    matching = matching.where('archived', '=', query.archived ? 1 : 0);
  for (const { op, value } of query.position) matching = matching.where('position', op, value);
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

/** A new project, last in the owner's order unless a position is given. */
export function createProject(
  db: Db,
  ownerId: number,
  data: ProjectCreateData,
  { maxProjects = Infinity, now = new Date() } = {},
): Promise<ProjectRow> {
  return ownerTransaction(db, ownerId, async (trx) => {
    await assertRoomForProject(trx, ownerId, maxProjects);
    await assertNameFree(trx, ownerId, data.name);
    const last = await liveProjects(trx, ownerId)
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    const stamp = now.toISOString();
    const created = await trx
      .insertInto('projects')
      .values({
        owner_id: ownerId,
        name: data.name,
        name_key: titleKey(data.name),
        color: data.color,
        position:
          data.position ?? positionAfter(last?.position == null ? null : Number(last.position)),
        archived: data.archived ? 1 : 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(trx, ownerId, 'project.created', created.id);
    return created;
  });
}

/** Changes a live project; undefined when the owner has no such live project. */
export function updateProject(
  db: Db,
  ownerId: number,
  id: number,
  patch: ProjectUpdateData,
  now = new Date(),
): Promise<ProjectRow | undefined> {
  return ownerTransaction(db, ownerId, async (trx) => {
    if (!(await findProject(trx, ownerId, id))) return undefined;
    if (patch.name !== undefined) await assertNameFree(trx, ownerId, patch.name, id);
    const updated = await trx
      .updateTable('projects')
      .set({
        ...(patch.name !== undefined && { name: patch.name, name_key: titleKey(patch.name) }),
        ...(patch.color !== undefined && { color: patch.color }),
        ...(patch.position !== undefined && { position: patch.position }),
        ...(patch.archived !== undefined && { archived: patch.archived ? 1 : 0 }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(trx, ownerId, 'project.updated', id);
    return updated;
  });
}
