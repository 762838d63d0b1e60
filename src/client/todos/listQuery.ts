/**
 * The list call's query string and the list answer's shape, for the todo list and the trash; and
 * the body that creates a deleted todo again on a Strapi backend.
 */
import type { ListResponse, TodoEntity } from '../../shared/api-types';
import { listSearchParams } from '../../shared/list-request';
import { clientConfig } from '../config';
import { lastPage } from './pagination';
import { subtaskRequest } from './subtasks/subtaskQuery';
import type { StatusFilter, TodoQuery } from './view';

export interface TodoPage {
  todos: TodoEntity[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** A deleted todo to bring back (Undo, the trash), with its owner's id (for the Strapi re-create). */
export interface RestoredTodo {
  todo: TodoEntity;
  user: number | undefined;
}

/** The status filter's `filters[completed][$eq]` value; All sends no filter. */
const COMPLETED_FILTER: Record<StatusFilter, boolean | undefined> = {
  all: undefined,
  pending: false,
  completed: true,
};

export const onStrapi = clientConfig.apiFlavor === 'strapi';
/** Ticklist's `$contains` ignores case; Strapi's follows the database (case-sensitive on PostgreSQL). */
const SEARCH_OPERATOR = onStrapi ? '$containsi' : '$contains';
/** The project filter of a scope: the Inbox (no project), one project, or none (every todo). */
const projectFilter = (project: TodoQuery['project']) =>
  project === undefined ? undefined : { id: project === null ? { $null: true } : { $eq: project } };

/**
 * The list call's query string: pagination[page], pagination[pageSize], filters[title][$contains],
 * filters[completed][$eq] (the status filter), filters[priority][$eq] (the priority filter),
 * filters[labels][id][$eq] (the label filter), filters[project][id] (the page's project or the
 * Inbox), sort, and the subtasks' filter and populate (subtasks/subtaskQuery.ts). Each todo comes
 * with its labels (the rows' chips, the dialog's picker), and on Ticklist's own server with its
 * project, which the Project select starts from (compat/strapi has both relations; a Strapi set up
 * from it before projects had no project).
 */
export function listTodosQuery(view: TodoQuery): string {
  const search = view.search.trim();
  const completed = COMPLETED_FILTER[view.status];
  const { parent, populate } = subtaskRequest(view, !onStrapi);
  return listSearchParams({
    pagination: { page: view.page, pageSize: view.pageSize },
    filters: {
      title: search ? { [SEARCH_OPERATOR]: search } : undefined,
      completed: completed === undefined ? undefined : { $eq: completed },
      priority: view.priority === 'all' ? undefined : { $eq: view.priority },
      labels: view.label === null ? undefined : { id: { $eq: view.label } },
      project: projectFilter(view.project),
      parent,
    },
    sort: [
      `${view.sort}:${view.order}`,
      // Ticklist breaks sort ties by id itself; Strapi does not, so equal keys could repeat across pages.
      ...(onStrapi ? [`id:${view.order}` as const] : []),
    ],
    populate: { ...populate, labels: true },
  }).toString();
}

/** The POST body that creates a deleted todo again: its title, description, completion, priority and place. */
export function restoreTodoBody({ todo, user }: RestoredTodo) {
  const { title, description, completed, priority, position } = todo.attributes;
  return {
    data: {
      title,
      description: description ?? null,
      completed,
      // A Strapi todo type set up before priorities existed has no priority: nothing to send then.
      ...(priority ? { priority } : {}),
      // Back at its place in "Your order" (a todo type set up before positions had none).
      ...(position === undefined ? {} : { position }),
      ...(user === undefined ? {} : { user }),
    },
  };
}

export function toTodoPage(response: ListResponse, view: TodoQuery): TodoPage {
  const pagination = response.meta.pagination;
  const total = pagination.total;
  if ('pageCount' in pagination) {
    return {
      todos: response.data,
      page: pagination.page,
      pageSize: pagination.pageSize,
      pageCount: pagination.pageCount,
      total,
    };
  }
  return {
    todos: response.data,
    page: view.page,
    pageSize: view.pageSize,
    pageCount: lastPage(total, view.pageSize),
    total,
  };
}
