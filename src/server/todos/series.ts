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
import type { Database, TodoRow } from '../db/types';
import { recordEvent } from '../events/journal';
import { isDomainError } from '../domain-error';
import { copyTodoLabels } from '../labels';
import { makeRoom } from './capacity';
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
export async function endSeries(trx: Db, ownerId: number, seriesId: string): Promise<void> {
  await trx
    .updateTable('todo_series')
    .set({ ended: 1 })
    .where('id', '=', seriesId)
    .where('owner_id', '=', ownerId)
    .execute();
}

/** What a completion or a skip tells its caller about the series beyond the todo: that it ended there. */
export interface SeriesNote {
  ended: true;
  message: string;
}

/** A todo a write changed, and the note on its series when the write ended it. */
export interface ChangedTodo {
  row: TodoRow;
  series?: SeriesNote;
  /** The project named was gone and the todo went to the Inbox (onMissingProject=inbox). */
  projectMissing?: boolean;
  /** The parent named was gone and the todo became a root (onMissingParent=root). */
  parentMissing?: boolean;
  /** Subtasks the write carried: completed with it (?subtasks=complete), trashed or restored with it. */
  subtasks?: { completed?: number; trashed?: number; restored?: number };
  /** The labels named that were gone and left off (onMissingLabel=drop). */
  labelsMissing?: number[];
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
    (error: unknown) => (isDomainError(error, 'todo-limit') ? false : Promise.reject(error)),
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
      // The next occurrence matters as much as the one just completed, in the same project, under
      // the same parent; it has no subtasks of its own.
      priority: row.priority,
      project_id: row.project_id,
      parent_id: row.parent_id,
      // It takes the completed one's place in the owner's order (ties are broken by id).
      position: row.position,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('todo_series')
    .set({ occurrences: series.occurrences + 1 })
    .where('id', '=', series.id)
    .execute();
  await copyTodoLabels(trx, ownerId, row.id, next.id);
  await recordEvent(trx, ownerId, 'created', next.id);
  return undefined;
}
