import type { Priority } from '../../shared/priority';
import type { TodoAttributes, TodoEntity } from '../../shared/api-types';
import type { ListedTodo } from './list';
import type { TrashedTodo } from './trash';

const attributesOf = (row: ListedTodo): TodoAttributes => ({
  title: row.title,
  description: row.description,
  completed: Boolean(row.completed),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  dueDate: row.due_date,
  remindAt: row.remind_at,
  recurrence: row.recurrence,
  seriesId: row.series_id,
  priority: row.priority as Priority,
  position: row.position,
});

export const toTodoEntity = (row: ListedTodo): TodoEntity => ({
  id: row.id,
  attributes: attributesOf(row),
});

/** A todo as users/me?populate=todos lists it: flat, as Strapi populates a relation. */
export const toFlatTodo = (row: ListedTodo) => ({ id: row.id, ...attributesOf(row) });

/** A todo as the trash lists it: the usual attributes plus when it was trashed. */
export const toTrashedEntity = (row: TrashedTodo) => ({
  id: row.id,
  attributes: { ...attributesOf(row), deletedAt: row.deleted_at },
});
