/**
 * The list view (page, page size, search, sort field, order, status, priority and label filters)
 * and its place in the URL's query string, so a reload, back and forward keep it and a link can be shared.
 */
import type { SortDirection, SortField } from '../../shared/list-request';
import { PRIORITIES, type Priority } from '../../shared/priority';
import { hasDueDates } from '../lib/features';
import { PRIORITY_NAMES } from '../ui/priorityNames';

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** The list's sort choices: some of the API's SORT_FIELDS (src/shared/list-query.ts), with labels. */
const SORT_CHOICES = [
  { value: 'position', label: 'Your order' },
  { value: 'createdAt', label: 'Creation Date' },
  { value: 'title', label: 'Title' },
  { value: 'dueDate', label: 'Due Date' },
  { value: 'priority', label: 'Priority' },
] as const satisfies readonly { value: SortField; label: string }[];
export type ListSortField = (typeof SORT_CHOICES)[number]['value'];

/**
 * The sort fields a list offers: a Strapi backend has no due dates; "Your order" is a project's or
 * the Inbox's (`scoped`), as positions order a todo among its siblings there.
 */
export const sortFields = (dates: boolean, scoped = false) =>
  SORT_CHOICES.filter(
    (field) => (dates || field.value !== 'dueDate') && (scoped || field.value !== 'position'),
  );

export const SORT_ORDERS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
] as const satisfies readonly { value: SortDirection; label: string }[];
export type ListSortOrder = (typeof SORT_ORDERS)[number]['value'];

/** The status filter (beyond the spec): every todo, only pending ones, or only completed ones. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

/** The priority filter: every todo, or those of one priority, high first; `?priority=3`. */
export type PriorityFilter = 'all' | Priority;
export const PRIORITY_FILTERS: readonly { value: PriorityFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...[...PRIORITIES].reverse().map((value) => ({ value, label: PRIORITY_NAMES[value] })),
];

export const SEARCH_DEBOUNCE_MS = 500;

export interface TodoView {
  page: number;
  pageSize: PageSize;
  search: string;
  sort: ListSortField;
  order: ListSortOrder;
  status: StatusFilter;
  priority: PriorityFilter;
  /** The todos with this label (`?label=3`), or null for every todo. */
  label: number | null;
}

/**
 * What the list asks the server for: the view, and the page's scope, when it has one: the Inbox
 * (`project: null`) or one project's todos (its id). /todos, every todo, has none.
 */
export interface TodoQuery extends TodoView {
  project?: number | null;
}

export const DEFAULT_VIEW: TodoView = {
  page: 1,
  pageSize: 10,
  search: '',
  sort: 'createdAt',
  order: 'asc',
  status: 'all',
  priority: 'all',
  label: null,
};

/** A project's and the Inbox's list start in the user's own order; /todos keeps the spec's view. */
const SCOPED_DEFAULT_VIEW: TodoView = { ...DEFAULT_VIEW, sort: 'position' };
export const defaultViewFor = (scoped: boolean): TodoView =>
  scoped ? SCOPED_DEFAULT_VIEW : DEFAULT_VIEW;

/** Query-string keys. */
const KEYS = {
  page: 'page',
  pageSize: 'pageSize',
  search: 'search',
  sort: 'sort',
  order: 'order',
  status: 'status',
  priority: 'priority',
  label: 'label',
} as const;

const oneOf = <T extends string | number>(
  allowed: readonly T[],
  value: T | undefined,
  fallback: T,
): T => (value !== undefined && allowed.includes(value) ? value : fallback);

/** `?priority=` as the view has it: one of 0..3 written as a digit, else every priority. */
function priorityFrom(text: string | null): PriorityFilter {
  const value = Number(text);
  return text && /^[0-3]$/.test(text) ? (value as Priority) : 'all';
}

/** `?label=` as the view has it: a label's id, else every todo. */
const labelFrom = (text: string | null): number | null =>
  text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;

/** Reads the view from a query string; a missing or unreadable value takes its default (`scoped`: a project's or the Inbox's). */
export function viewFromParams(params: URLSearchParams, scoped = false): TodoView {
  const DEFAULT_VIEW = defaultViewFor(scoped);
  const page = Number(params.get(KEYS.page));
  const pageSize = Number(params.get(KEYS.pageSize)) as PageSize;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_VIEW.page,
    pageSize: oneOf<PageSize>(PAGE_SIZES, pageSize, DEFAULT_VIEW.pageSize),
    search: params.get(KEYS.search) ?? DEFAULT_VIEW.search,
    sort: oneOf<ListSortField>(
      sortFields(hasDueDates(), scoped).map((field) => field.value),
      (params.get(KEYS.sort) ?? undefined) as ListSortField | undefined,
      DEFAULT_VIEW.sort,
    ),
    order: oneOf<ListSortOrder>(
      SORT_ORDERS.map((order) => order.value),
      (params.get(KEYS.order) ?? undefined) as ListSortOrder | undefined,
      DEFAULT_VIEW.order,
    ),
    status: oneOf<StatusFilter>(
      STATUS_FILTERS.map((status) => status.value),
      (params.get(KEYS.status) ?? undefined) as StatusFilter | undefined,
      DEFAULT_VIEW.status,
    ),
    priority: priorityFrom(params.get(KEYS.priority)),
    label: labelFrom(params.get(KEYS.label)),
  };
}

/** Writes the view as a query string, leaving out what equals the default so links stay short. */
export function viewToParams(view: TodoView, scoped = false): URLSearchParams {
  const DEFAULT_VIEW = defaultViewFor(scoped);
  const params = new URLSearchParams();
  if (view.page !== DEFAULT_VIEW.page) params.set(KEYS.page, String(view.page));
  if (view.pageSize !== DEFAULT_VIEW.pageSize) params.set(KEYS.pageSize, String(view.pageSize));
  if (view.search !== DEFAULT_VIEW.search) params.set(KEYS.search, view.search);
  if (view.sort !== DEFAULT_VIEW.sort) params.set(KEYS.sort, view.sort);
  if (view.order !== DEFAULT_VIEW.order) params.set(KEYS.order, view.order);
  if (view.status !== DEFAULT_VIEW.status) params.set(KEYS.status, view.status);
  if (view.priority !== DEFAULT_VIEW.priority) params.set(KEYS.priority, String(view.priority));
  if (view.label !== null) params.set(KEYS.label, String(view.label));
  return params;
}

/**
 * The next view after a change. Changing the search, the page size, the sort field, the order
 * or a filter goes back to page 1; changing only the page keeps the rest.
 */
export function changeView(view: TodoView, change: Partial<TodoView>): TodoView {
  const next = { ...view, ...change };
  const filterChanged =
    next.search !== view.search ||
    next.pageSize !== view.pageSize ||
    next.sort !== view.sort ||
    next.order !== view.order ||
    next.status !== view.status ||
    next.priority !== view.priority ||
    next.label !== view.label;
  return filterChanged ? { ...next, page: 1 } : next;
}

/** The choices a user's list remembers between visits: not the page, the search or the label, which are of the moment. */
const REMEMBERED = ['pageSize', 'sort', 'order', 'status', 'priority'] as const;

/** Whether a change touches a remembered choice (a page step or a search does not). */
export const changesRemembered = (change: Partial<TodoView>) =>
  REMEMBERED.some((key) => key in change);

/** The remembered part of a view as a query string; '' when it is the list's default view. */
export function rememberedParams(view: TodoView, scoped = false): string {
  const kept: TodoView = { ...defaultViewFor(scoped) };
  for (const key of REMEMBERED) Object.assign(kept, { [key]: view[key] });
  return viewToParams(kept, scoped).toString();
}

/**
 * Whether the query string names any part of the view (a link that says which view it wants). A
 * label alone does not: the drawer's label links (`?label=3`) open in the user's remembered view.
 */
export const hasViewParams = (params: URLSearchParams) =>
  Object.values(KEYS).some((key) => key !== KEYS.label && params.has(key));
