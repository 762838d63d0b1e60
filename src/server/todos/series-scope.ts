/**
 * What a write with ?scope=following (or a delete of an occurrence) does to the rest of its series:
 * the change reaches the series' template and its open occurrences due later, and a delete either
 * skips to the next occurrence (this) or ends the series (following).
 */
import type { Kysely } from 'kysely';
import type { Scope } from '../../shared/schemas';
import { titleKey } from '../../shared/title-key';
import type { Database, TodoRow } from '../db/types';
import { recordEvent } from '../events/journal';
import { continueSeries, endSeries, type SeriesNote } from './series';
import { trashDescendants } from './subtasks-trash';

type Db = Kysely<Database>;

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
  if (trashed.length > 0) {
    const ids = trashed.map((todo) => todo.id);
    await recordEvent(trx, ownerId, 'deleted', ids);
    // Their subtasks go with them, as with any delete.
    await trashDescendants(trx, ownerId, ids, now.toISOString());
  }
  return undefined;
}
