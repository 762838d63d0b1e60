/**
 * A todo's fields as writes bring them (TodoInput), and the row an insert makes of them: shared by
 * the single create (repository.ts) and the import's batches (import-batches.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { LabelsChange } from '../../shared/label-relation';
import { titleKey } from '../../shared/title-key';
import type { Database } from '../db/types';
import { startSeries } from './series';

type Db = Kysely<Database>;

export interface TodoInput {
  title: string;
  description: string | null;
  completed: boolean;
  /** Dates and recurrence; absent reads as null. */
  dueDate?: string | null;
  remindAt?: string | null;
  recurrence?: string | null;
  /** 0 none … 3 high; absent reads as 0. */
  priority?: number;
  /** The place among its siblings; absent: the todo's id (create, see positionsFromIds) or unchanged (update). */
  position?: number;
  /** The project's id, null for the Inbox; absent reads as the Inbox (create) or unchanged (update). */
  project?: number | null;
  /** The parent todo's id, null for a root; absent reads as a root (create) or unchanged (update). */
  parent?: number | null;
  /** The labels to set, or to add and remove; absent: none (create) or unchanged (update). */
  labels?: LabelsChange;
}

/** A todo as an import brings it: its dates are the file's (or the time of the import); rows sharing a seriesKey share a series. */
export type ImportedTodo = TodoInput & {
  createdAt: string;
  updatedAt: string;
  seriesKey?: string;
  /** The todo's project among the file's (import-projects.ts); undefined: none. */
  projectRef?: number;
  /** The position of the todo's parent among the file's todos (import-subtasks.ts); undefined: a root. */
  parentRef?: number;
  /** The todo's labels among the file's (labels/portability.ts). */
  labelRefs?: number[];
};

export const rowOf = (ownerId: number, todo: ImportedTodo, seriesId: string | null = null) => ({
  owner_id: ownerId,
  title: todo.title,
  title_key: titleKey(todo.title),
  description: todo.description,
  completed: todo.completed ? 1 : 0,
  created_at: todo.createdAt,
  updated_at: todo.updatedAt,
  due_date: todo.dueDate ?? null,
  remind_at: todo.remindAt ?? null,
  recurrence: todo.recurrence ?? null,
  series_id: seriesId,
  priority: todo.priority ?? 0,
  project_id: todo.project ?? null,
  parent_id: todo.parent ?? null,
  // Absent, the insert is followed by positionsFromIds.
  position: todo.position ?? 0,
  // An occurrence brought in completed had its next one already: completing it again makes none.
  followed: seriesId && todo.completed ? 1 : 0,
});

/** Ids per statement: well under SQLite's and PostgreSQL's limits on parameters. */
const IDS_PER_UPDATE = 1000;

/**
 * Gives each of the new todos `ids` its id as its position, so a new todo comes after those made
 * before it in the owner's order without a max() per insert; an id is only known once inserted.
 */
export async function positionsFromIds(trx: Db, ownerId: number, ids: number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IDS_PER_UPDATE)
    await trx
      .updateTable('todos')
      .set({ position: sql.ref('id') })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids.slice(start, start + IDS_PER_UPDATE))
      .execute();
}

/** A recurring todo starts a series of its own (its first occurrence). */
export const seriesFor = (
  trx: Db,
  ownerId: number,
  todo: TodoInput,
  now: Date,
  made = 1,
): Promise<string | null> =>
  todo.recurrence && todo.dueDate
    ? startSeries(
        trx,
        ownerId,
        { title: todo.title, description: todo.description, recurrence: todo.recurrence },
        todo.dueDate,
        now,
        made,
      )
    : Promise.resolve(null);
