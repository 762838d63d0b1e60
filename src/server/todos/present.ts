import type { TodoAttributes, TodoEntity } from '../../shared/api-types';
import type { TodoRow } from '../db/types';

const attributesOf = (row: TodoRow): TodoAttributes => ({
  title: row.title,
  description: row.description,
  completed: Boolean(row.completed),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toTodoEntity = (row: TodoRow): TodoEntity => ({ id: row.id, attributes: attributesOf(row) });
