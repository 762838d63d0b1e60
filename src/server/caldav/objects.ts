/**
 * A todo as a CalDAV resource: its text and strong ETag (a hash of exactly the bytes GET answers),
 * and PUT and DELETE through the todo repository, so limits, events and ownership hold as for the
 * JSON API. Conditional requests (If-Match, If-None-Match: *) are checked under the owner's lock,
 * so of two racing writes with the same ETag one gets 412.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { dueDateField, remindAtField } from '../../shared/dates';
import { DEFAULT_LABEL_COLOR } from '../../shared/label-schemas';
import { labelIdsFor } from '../labels';
import type { Database } from '../db/types';
import { ownerTransaction } from '../db/transactions';
import { isDomainError } from '../domain-error';
import { createTodo, updateTodo } from '../todos/repository';
import { trashTodo } from '../todos/trash';
import { checkConditions, type Conditions } from './conditions';
import { DavError, davNotFound } from './errors';
import { objectHref } from './paths';
import { occurrenceRule, parentIdFor, sameRule } from './relations';
import { findCollection } from './calendars';
import { memberByName, memberByUid, nameOf, type DavMember } from './store';
import { adoptWaiting } from './waiting-children';
import { defaultUid, MAPPING, renderTodo } from './vtodo';
import { parseObject } from './vtodo-parse';
import { cal, dav, escapeXml } from './xml';

type Db = Kysely<Database>;

/** What a todo's representation is made of besides the row: a new rendering code is a new version. */
const RENDERING = 'vtodo-3';
const salts = new Map<string, string>();
const saltFor = (host: string) => {
  let salt = salts.get(host);
  if (salt === undefined) {
    salt = createHash('sha256').update(`${RENDERING} ${host}`).digest('base64url').slice(0, 8);
    salts.set(host, salt);
  }
  return salt;
};

/**
 * A todo's strong ETag, without rendering it: the number of its last change (dav_changes, stamped
 * by triggers on every write of a field the representation shows, updated_at included) and the
 * rendering's version and host. A PUT always moves updated_at forward (putObject), so the text a
 * client sent cannot change under the same number.
 */
export const etagOf = (member: Pick<DavMember, 'seq'>, host: string) =>
  `"${String(member.seq ?? 0)}-${saltFor(host)}"`;

const positionOf = (member: DavMember) =>
  member.series_position === null ? null : Number(member.series_position);

/** The RRULE a client was given for the todo (relations.ts occurrenceRule). */
const ruleAsSent = (member: DavMember) => occurrenceRule(member.recurrence, positionOf(member));

export const textOf = (member: DavMember, host: string) =>
  renderTodo(
    {
      ...member,
      seriesPosition: positionOf(member),
      parentUid:
        member.parent_id === null
          ? null
          : (member.parent_uid ?? defaultUid(member.parent_id, host)),
    },
    member.uid !== null && member.ical !== null
      ? {
          uid: member.uid,
          ical: member.ical,
          mapping: member.mapping ?? 0,
          pendingParent: member.pending_parent,
        }
      : undefined,
    host,
  );

export interface Rendered {
  text: string;
  etag: string;
}

export const rendered = (member: DavMember, host: string): Rendered => ({
  text: textOf(member, host),
  etag: etagOf(member, host),
});

export interface WriteContext {
  db: Db;
  ownerId: number;
  username: string;
  host: string;
  maxTodos: number;
  maxLabels: number;
}

/** The todo a name names in this collection (a todo of another collection is not here). */
export async function memberIn(db: Db, ownerId: number, collection: number, name: string) {
  const member = await memberByName(db, ownerId, name);
  return member && (member.project_id ?? 0) === collection ? member : undefined;
}

/** Forgets what clients stored for todos no longer live under this name or UID, so both can be used again. */
export async function releaseStale(trx: Db, ownerId: number, name: string, uid: string) {
  await trx
    .deleteFrom('caldav_objects')
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('name', '=', name), eb('uid', '=', uid)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('todos')
            .select('todos.id')
            .whereRef('todos.id', '=', 'caldav_objects.todo_id')
            .where('todos.deleted_at', 'is', null),
        ),
      ),
    )
    .execute();
}

/** RFC 4791's no-uid-conflict, naming the resource that has the UID. */
async function uidConflict(trx: Db, context: WriteContext, holder: DavMember) {
  const where = await findCollection(trx, context.ownerId, holder.project_id ?? 0);
  const href = objectHref(context.username, where?.segment ?? 'inbox', nameOf(holder));
  return new DavError(
    403,
    'Another resource has this UID',
    cal('no-uid-conflict', dav('href', escapeXml(href))),
  );
}

/** Creates or replaces the todo at `name`; 201 or 204 with the new ETag. */
export function putObject(
  context: WriteContext,
  collection: number,
  name: string,
  body: string,
  conditions: Conditions,
): Promise<{ created: boolean; etag: string }> {
  const { db, ownerId, host } = context;
  const parsed = parseObject(body);
  if (parsed.fields.dueDate && !v.is(dueDateField, parsed.fields.dueDate))
    throw new DavError(403, 'The DUE date is out of range', cal('valid-calendar-data'));
  return ownerTransaction(db, ownerId, async (trx) => {
    if (!(await findCollection(trx, ownerId, collection)))
      throw new DavError(409, 'The calendar does not exist');
    const existing = await memberByName(trx, ownerId, name);
    checkConditions(conditions, existing && etagOf(existing, host));
    const sameUid = await memberByUid(trx, ownerId, parsed.uid, host);
    if (sameUid && sameUid.id !== existing?.id) throw await uidConflict(trx, context, sameUid);
    const reminder = parsed.fields.remindAt && v.safeParse(remindAtField, parsed.fields.remindAt);
    const { parent, pending } = await parentIdFor(
      trx,
      ownerId,
      parsed.fields.parent,
      host,
      existing,
      collection,
    );
    let todoId: number;
    try {
      const labels = await labelIdsFor(
        trx,
        ownerId,
        parsed.fields.labels.map((name) => ({ name, color: DEFAULT_LABEL_COLOR })),
        context.maxLabels,
        new Date(),
      );
      const fields = {
        ...parsed.fields,
        parent,
        // The same rule spelled otherwise is no change (a change would be one of this occurrence).
        ...(existing &&
          (sameRule(existing.recurrence, parsed.fields.recurrence) ||
            sameRule(ruleAsSent(existing), parsed.fields.recurrence)) && { recurrence: undefined }),
        labels: { set: labels },
        // An alarm out of the app's range is no reminder of the todo's (the client keeps its alarm).
        remindAt: reminder && reminder.success ? reminder.output : null,
        project: collection === 0 ? null : collection,
      };
      if (existing) {
        // Later than the stored time even within one millisecond: the ETag's number moves with it.
        const now = new Date(Math.max(Date.now(), Date.parse(existing.updated_at) + 1));
        await updateTodo(trx, ownerId, existing.id, fields, { maxTodos: context.maxTodos, now });
        todoId = existing.id;
      } else {
        await releaseStale(trx, ownerId, name, parsed.uid);
        todoId = (await createTodo(trx, ownerId, fields, { maxTodos: context.maxTodos })).id;
      }
    } catch (error) {
      if (isDomainError(error, 'todo-limit'))
        throw new DavError(507, 'The account keeps as many todos as it may');
      if (isDomainError(error, 'label-limit'))
        throw new DavError(507, 'The account keeps as many labels as it may');
      throw error;
    }
    const row = {
      todo_id: todoId,
      owner_id: ownerId,
      uid: parsed.uid,
      name,
      ical: parsed.text,
      mapping: MAPPING,
      pending_parent: pending,
    };
    await trx
      .insertInto('caldav_objects')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('todo_id').doUpdateSet({
          uid: row.uid,
          name: row.name,
          ical: row.ical,
          mapping: MAPPING,
          pending_parent: pending,
        }),
      )
      .execute();
    // Also on an update: the parent may have come into this calendar in the app meanwhile (a restore,
    // a move), which no PUT saw.
    await adoptWaiting(trx, context, collection, parsed.uid, todoId);
    const saved = await memberByName(trx, ownerId, name);
    return { created: !existing, etag: etagOf(saved!, host) };
  });
}

/** Moves the todo at `name` to the trash (where the app can restore it). */
export function deleteObject(
  context: WriteContext,
  collection: number,
  name: string,
  conditions: Conditions,
): Promise<void> {
  const { db, ownerId, host } = context;
  return ownerTransaction(db, ownerId, async (trx) => {
    const existing = await memberIn(trx, ownerId, collection, name);
    if (!existing) throw davNotFound();
    checkConditions(conditions, etagOf(existing, host));
    await trashTodo(trx, ownerId, existing.id, 'this', { maxTodos: context.maxTodos });
  });
}
