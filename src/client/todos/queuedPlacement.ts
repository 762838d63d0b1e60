/**
 * Where a todo added offline goes on the page on screen: the place the server's sort will give it
 * (src/server/todos/list.ts), so the page looks as it will once the add is sent. Its id, unknown
 * yet, will be the largest: ties go after equal rows ascending and before them descending.
 */
import type { TodoEntity } from '../../shared/api-types';
import { titleKey } from '../../shared/title-key';
import type { TodoView } from './view';

type Placement = Pick<TodoView, 'sort' | 'order'>;

function sortValue(todo: TodoEntity, sort: TodoView['sort']): string | number | null {
  if (sort === 'title') return titleKey(todo.attributes.title);
  if (sort === 'dueDate') return todo.attributes.dueDate ?? null;
  // Every todo has one (0 none); a Strapi todo made before the field existed reads as none.
  if (sort === 'priority') return todo.attributes.priority ?? 0;
  // A todo added offline has none yet: the server will give it its id, after every other's.
  if (sort === 'position') return todo.attributes.position ?? Number.MAX_SAFE_INTEGER;
  return todo.attributes.createdAt;
}

/** Whether the new todo `added` sorts before `row`. Undated todos come last in both orders. */
function precedes(added: TodoEntity, row: TodoEntity, { sort, order }: Placement): boolean {
  const a = sortValue(added, sort);
  const b = sortValue(row, sort);
  if (a === null || b === null) return b === null && (a !== null || order === 'desc');
  if (a === b) return order === 'desc';
  return order === 'asc' ? a < b : a > b;
}

/**
 * The index `added` takes among `rows` (a page, sorted), or undefined when it belongs on another
 * page: before the first row of a page after the first, or after the last row when later pages exist.
 */
export function placeOnPage(
  rows: readonly TodoEntity[],
  added: TodoEntity,
  view: Placement,
  { first, hasLater }: { first: boolean; hasLater: boolean },
): number | undefined {
  const index = rows.findIndex((row) => precedes(added, row, view));
  if (index === 0 && !first) return undefined;
  if (index === -1) return hasLater ? undefined : rows.length;
  return index;
}
