/**
 * Recurring todos kept as a series: every occurrence is its own todo, and completing one (or
 * skipping it by a delete) makes the next from the series' template (todo_series), once. The claim
 * is the occurrence's `followed` flag, set by a conditional update in the completion's transaction,
 * which also holds the owner's lock (ownerTransaction): a second completion arriving at once finds
 * it set and makes nothing, on both databases.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LAST_DATE, startOfDate } from '../../shared/dates';
import type { Scope } from '../../shared/schemas';
import type { Database, TodoRow } from '../db/types';
import { recordEvent } from '../events/journal';
import { makeRoom, TodoLimitError } from './capacity';
import { followingDate } from './rule-dates';
import { titleKey } from '../../shared/title-key';

type Db = Kysely<Database>;

/** What a series' next occurrences copy. */
interface SeriesTemplate {
  title: string;
  description: string | null;
  recurrence: string;
}

/** A new series whose latest occurrence is due on `anchor`, `made` occurrences so far (an import's may be more than 1); its id. */
export async function startSeries(
  trx: Db,
  ownerId: number,
  template: SeriesTemplate,
  anchor: string,
  now = new Date(),
  made = 1,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('todo_series')
    .values({
      id,
      owner_id: ownerId,
      ...template,
      anchor,
      occurrences: made,
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

const seriesOf = (trx: Db, ownerId: number, seriesId: string) =>
  trx
    .selectFrom('todo_series')
    .selectAll()
    .where('id', '=', seriesId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();

/** No occurrence follows from now on. */
async function endSeries(trx: Db, ownerId: number, seriesId: string): Promise<void> {
  await trx
    .updateTable('todo_series')
    .set({ ended: 1 })
    .where('id', '=', seriesId)
    .where('owner_id', '=', ownerId)
    .execute();
}

/** What a completion or a skip tells its caller about the series beyond the todo: that it ended there. */
interface SeriesNote {
  ended: true;
  message: string;
}

/** A todo a write changed, and the note on its series when the write ended it. */
export interface ChangedTodo {
  row: TodoRow;
  series?: SeriesNote;
}

const SERIES_PAST_LAST_DATE = `This series has ended: its next date would be after ${LAST_DATE}, the last due date a todo may have`;

/**
 * Makes the occurrence after `row`, due on the rule's next date after row's, unless one was made
 * for it already, the series ended, or the rule has no next date (COUNT, UNTIL, or none up to
 * LAST_DATE: the series ends, and the note returned says so). A reminder keeps its distance from the
 * due date. At MAX_TODOS_PER_USER (`maxTodos`), with no trashed todo to make room, none is made: the
 * completion still succeeds.
 */
export async function continueSeries(
  trx: Db,
  ownerId: number,
  row: TodoRow,
  now = new Date(),
  maxTodos = Infinity,
): Promise<SeriesNote | undefined> {
  if (!row.series_id || !row.due_date || !row.recurrence) return undefined;
  const claimed = await trx
    .updateTable('todos')
    .set({ followed: 1 })
    .where('id', '=', row.id)
    .where('owner_id', '=', ownerId)
    .where('followed', '=', 0)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return undefined;
  const series = await seriesOf(trx, ownerId, row.series_id);
  if (!series || series.ended) return undefined;
  const following = followingDate(
    series.recurrence,
    series.anchor,
    row.due_date,
    series.occurrences,
  );
  if (following.date === null) {
    await endSeries(trx, ownerId, series.id);
    return following.pastLastDate ? { ended: true, message: SERIES_PAST_LAST_DATE } : undefined;
  }
  const due = following.date;
  const roomLeft = await makeRoom(trx, ownerId, 1, maxTodos).then(
    () => true,
    (error: unknown) => (error instanceof TodoLimitError ? false : Promise.reject(error)),
  );
  if (!roomLeft) return undefined;
  const remindAt =
    row.remind_at &&
    new Date(
      startOfDate(due) + Date.parse(row.remind_at) - startOfDate(row.due_date),
    ).toISOString();
  const stamp = now.toISOString();
  const next = await trx
    .insertInto('todos')
    .values({
      owner_id: ownerId,
      title: series.title,
      title_key: titleKey(series.title),
      description: series.description,
      completed: 0,
      created_at: stamp,
      updated_at: stamp,
      due_date: due,
      remind_at: remindAt,
      recurrence: series.recurrence,
      series_id: series.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('todo_series')
    .set({ occurrences: series.occurrences + 1 })
    .where('id', '=', series.id)
    .execute();
  await recordEvent(trx, ownerId, 'created', next.id);
  return undefined;
}

interface SeriesChange {
  title?: string;
  description?: string | null;
  recurrence?: string | null;
  /** A new due date for this occurrence: the rule is anchored there from now on. */
  dueDate?: string | null;
}

/**
 * PUT ?scope=following: the change becomes the series' template, and applies to its open
 * occurrences due after this one (this one is updated by the caller). A new rule starts from this
 * occurrence's date and counts from it; no rule ends the series.
 */
export async function changeFollowing(
  trx: Db,
  ownerId: number,
  row: TodoRow,
  change: SeriesChange,
  dueDate: string | null,
  now = new Date(),
): Promise<void> {
  if (!row.series_id) return;
  const { recurrence } = change;
  const text = Object.fromEntries(
    Object.entries({ title: change.title, description: change.description }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  // A new rule starts afresh here (counted from here, the series open again); a moved date only moves the anchor.
  const template = {
    ...text,
    ...(change.dueDate && { anchor: change.dueDate }),
    ...(recurrence && {
      recurrence,
      anchor: dueDate ?? row.due_date ?? '',
      occurrences: 1,
      ended: 0,
    }),
  };
  if (Object.keys(template).length > 0) {
    await trx
      .updateTable('todo_series')
      .set(template)
      .where('id', '=', row.series_id)
      .where('owner_id', '=', ownerId)
      .execute();
  }
  if (recurrence === null) await endSeries(trx, ownerId, row.series_id);
  const fields = {
    ...text,
    ...(change.title !== undefined && { title_key: titleKey(change.title) }),
    ...(recurrence !== undefined && { recurrence }),
  };
  if (Object.keys(fields).length === 0) return;
  const changed = await laterOpenOccurrences(trx, ownerId, row, row.series_id)
    .set({ ...fields, updated_at: now.toISOString() })
    .returning('id')
    .execute();
  if (changed.length > 0)
    await recordEvent(
      trx,
      ownerId,
      'updated',
      changed.map((todo) => todo.id),
    );
}

/** An update of the open, untrashed occurrences of `row`'s series due after it: what scope=following reaches. */
const laterOpenOccurrences = (trx: Db, ownerId: number, row: TodoRow, seriesId: string) =>
  trx
    .updateTable('todos')
    .where('owner_id', '=', ownerId)
    .where('series_id', '=', seriesId)
    .where('id', '!=', row.id)
    .where('completed', '=', 0)
    .where('deleted_at', 'is', null)
    .where('due_date', '>', row.due_date ?? '');

/**
 * After an occurrence went to the trash: scope=this skips it (its next occurrence is made, as a
 * completion would); scope=following ends the series and trashes its open occurrences due later.
 */
export async function afterTrashed(
  trx: Db,
  ownerId: number,
  row: TodoRow,
  scope: Scope,
  now = new Date(),
  maxTodos = Infinity,
): Promise<SeriesNote | undefined> {
  if (!row.series_id) return undefined;
  if (scope === 'this') return continueSeries(trx, ownerId, row, now, maxTodos);
  await endSeries(trx, ownerId, row.series_id);
  const trashed = await laterOpenOccurrences(trx, ownerId, row, row.series_id)
    .set({ deleted_at: now.toISOString() })
    .returning('id')
    .execute();
  if (trashed.length > 0)
    await recordEvent(
      trx,
      ownerId,
      'deleted',
      trashed.map((todo) => todo.id),
    );
  return undefined;
}
