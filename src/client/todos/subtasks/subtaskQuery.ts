/**
 * What the list asks about subtasks. With no search and no filter the page is a tree: its top-level
 * todos (`filters[parent][id][$null]`, so paging counts those) with two nested levels of subtasks,
 * the whole depth the server allows, in one request, each subtask with its labels (its row's chips).
 * With a search or a filter the matching todos,
 * subtasks among them, come flat, each with its parent's and grandparent's title for context and
 * its subtasks' completion for the "2/5" count.
 */
import type { ListRequest } from '../../../shared/list-request';
import type { TodoQuery } from '../view';

/** The page shows subtasks under their parent: no search, no status, priority nor label filter. */
export const isTreeView = (view: TodoQuery): boolean =>
  view.search.trim() === '' &&
  view.status === 'all' &&
  view.priority === 'all' &&
  view.label === null;

const DONE = { fields: ['completed' as const] };
const TITLE = { fields: ['title' as const] };

/** The parent filter and populate of a list request; `project` asks for each todo's project too. */
export function subtaskRequest(
  view: TodoQuery,
  project: boolean,
): Pick<ListRequest, 'populate'> & { parent?: NonNullable<ListRequest['filters']>['parent'] } {
  const own = project ? { project: true as const } : {};
  if (isTreeView(view))
    return {
      parent: { id: { $null: true } },
      populate: {
        ...own,
        subtasks: { populate: { labels: true, subtasks: { populate: { labels: true } } } },
      },
    };
  return {
    populate: {
      ...own,
      parent: { ...TITLE, populate: { parent: TITLE } },
      subtasks: { ...DONE, populate: { subtasks: DONE } },
    },
  };
}
