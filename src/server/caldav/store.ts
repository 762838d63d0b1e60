/**
 * What CalDAV reads of a user's todos: those of a collection (the Inbox, id 0, or a project) with
 * what a client stored for them (caldav_objects), and the change journal dav_changes (migration
 * 022) that sync tokens, ctags and ETags count in: changes.ts. Every query takes the owner. The
 * calendars themselves are calendars.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, TodoRow } from '../db/types';
import { labelsOfTodos } from '../labels';

type Db = Kysely<Database>;

/**
 * A todo with the UID, resource name and text a client gave it (null: none did), and the number
 * of its last change in its collection (dav_changes), which its ETag is made of.
 */
export type DavMember = TodoRow & {
  uid: string | null;
  name: string | null;
  ical: string | null;
  /** The mapping the client's text was stored under (vtodo.ts MAPPING), null: no text. */
  mapping: number | null;
  /** The parent UID its client's RELATED-TO named that no todo had (migration 027). */
  pending_parent: string | null;
  seq: number | string | null;
  /** The UID a client gave the todo's parent (null: none did, or no parent). */
  parent_uid: string | null;
  /** Which occurrence of its series the todo is, the first being 1 (null: no series). */
  series_position: number | string | null;
  /** Its labels' names, once withLabels loaded them (rendering writes them as CATEGORIES). */
  labels?: string[];
};

/** Loads the members' label names (for CATEGORIES), in one query per 500 of them; returns them. */
export async function withLabels(db: Db, ownerId: number, list: DavMember[]): Promise<DavMember[]> {
  for (let from = 0; from < list.length; from += CHUNK) {
    const chunk = list.slice(from, from + CHUNK);
    const byTodo = await labelsOfTodos(
      db,
      ownerId,
      chunk.map((member) => member.id),
    );
    for (const member of chunk)
      member.labels = (byTodo.get(member.id) ?? []).map((label) => label.name);
  }
  return list;
}

export const defaultName = (todoId: number) => `todo-${todoId}.ics`;
export const nameOf = (member: Pick<DavMember, 'id' | 'name'>) =>
  member.name ?? defaultName(member.id);

export const members = (db: Db, ownerId: number) =>
  db
    .selectFrom('todos')
    .leftJoin('caldav_objects', 'caldav_objects.todo_id', 'todos.id')
    .leftJoin('caldav_objects as parent_objects', 'parent_objects.todo_id', 'todos.parent_id')
    .leftJoin('dav_changes', (join) =>
      join
        .onRef('dav_changes.todo_id', '=', 'todos.id')
        .on('dav_changes.collection', '=', sql<number>`coalesce(todos.project_id, 0)`),
    )
    .leftJoin('todo_series', 'todo_series.id', 'todos.series_id')
    .selectAll('todos')
    .select([
      'caldav_objects.uid',
      'caldav_objects.name',
      'caldav_objects.ical',
      'caldav_objects.mapping',
      'caldav_objects.pending_parent',
      'dav_changes.seq',
      'parent_objects.uid as parent_uid',
      // The series counts the occurrences it made; those made after this one (trashed too) come
      // off. The difference stays when the next is made, so the todo's text (and ETag) does too.
      sql<number | string | null>`todo_series.occurrences - (select count(*) from todos later
        where later.owner_id = todos.owner_id and later.series_id = todos.series_id
        and later.id > todos.id)`.as('series_position'),
    ])
    .where('todos.owner_id', '=', ownerId)
    .where('todos.deleted_at', 'is', null);

export const inCollection = <Q extends ReturnType<typeof members>>(
  query: Q,
  collection: number,
): Q =>
  (collection === 0
    ? query.where('todos.project_id', 'is', null)
    : query.where('todos.project_id', '=', collection)) as Q;

/**
 * The collection's live todos by id, a page of them at a time with their labels: memory holds a
 * page, and each is one quick query on the owner's index. Pages are read one after the other.
 */
export async function* memberPages(
  db: Db,
  ownerId: number,
  collection: number,
): AsyncGenerator<DavMember[]> {
  for (let after = 0; ;) {
    const page = await inCollection(members(db, ownerId), collection)
      .where('todos.id', '>', after)
      .orderBy('todos.id')
      .limit(CHUNK)
      .execute();
    if (page.length > 0) yield await withLabels(db, ownerId, page);
    if (page.length < CHUNK) return;
    after = page[page.length - 1]!.id;
  }
}

/** The owner's live todo a resource name names, in whichever collection it is. */
export function memberByName(
  db: Db,
  ownerId: number,
  name: string,
): Promise<DavMember | undefined> {
  const id = TODO_NAME.exec(name)?.[1];
  return members(db, ownerId)
    .where((eb) =>
      eb.or([
        eb('caldav_objects.name', '=', name),
        ...(id
          ? [eb.and([eb('todos.id', '=', Number(id)), eb('caldav_objects.name', 'is', null)])]
          : []),
      ]),
    )
    .executeTakeFirst();
}

const TODO_NAME = /^todo-([1-9]\d{0,9})\.ics$/;
export const CHUNK = 500;

/** The owner's live todos these names name (calendar-multiget), by name; a few statements for any number. */
export async function membersByNames(
  db: Db,
  ownerId: number,
  names: string[],
): Promise<Map<string, DavMember>> {
  const found = new Map<string, DavMember>();
  for (let from = 0; from < names.length; from += CHUNK) {
    const chunk = names.slice(from, from + CHUNK);
    const ids = chunk.flatMap((name) => {
      const id = TODO_NAME.exec(name)?.[1];
      return id ? [Number(id)] : [];
    });
    const rows = await members(db, ownerId)
      .where((eb) =>
        eb.or([
          eb('caldav_objects.name', 'in', chunk),
          ...(ids.length > 0
            ? [eb.and([eb('todos.id', 'in', ids), eb('caldav_objects.name', 'is', null)])]
            : []),
        ]),
      )
      .execute();
    for (const row of rows) found.set(nameOf(row), row);
  }
  return found;
}

/** The owner's live todo with this UID (a client's, or the app's todo-<id>@host), if any. */
export function memberByUid(
  db: Db,
  ownerId: number,
  uid: string,
  host: string,
): Promise<DavMember | undefined> {
  const id = new RegExp(
    `^todo-([1-9]\\d{0,9})@${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
  ).exec(uid)?.[1];
  return members(db, ownerId)
    .where((eb) =>
      eb.or([
        eb('caldav_objects.uid', '=', uid),
        ...(id
          ? [eb.and([eb('todos.id', '=', Number(id)), eb('caldav_objects.uid', 'is', null)])]
          : []),
      ]),
    )
    .executeTakeFirst();
}
