/**
 * The home dashboard's one query, injected into the base API. It never loads a user's whole list
 * (no `/users/me?populate=todos`): two small list calls whose exact `meta.pagination.total`
 * carries the counts, so it costs the same for 7 todos as for 100,000.
 *
 * - `GET /todos?pagination[pageSize]=5&sort=updatedAt:desc` → total = all, rows = the 5 most recent;
 * - `GET /todos?filters[completed][$eq]=true&pagination[pageSize]=1` → total = completed
 *   (1 is the smallest page size the contract accepts; it has no `withCount`-only mode).
 *
 * It provides the todo list tag (the same ids as the todo feature's) and a tag per recent row,
 * so adding, editing and deleting todos refetch it.
 */
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { ListResponse, TodoEntity } from '../../shared/api-types';
import { api } from '../app/api';

export const RECENT_TODOS = 5;

/** The todo feature's list tag (todos/todosApi.ts): every list-changing mutation invalidates it. */
const LIST_TAG = { type: 'Todo', id: 'PARTIAL-LIST' } as const;
const rowTag = (id: number) => ({ type: 'Todo' as const, id });

export interface DashboardSummary {
  all: number;
  completed: number;
  pending: number;
  /** The most recently updated todos, newest first (at most five). */
  recent: TodoEntity[];
}

export const RECENT_TODOS_QUERY = `todos?${new URLSearchParams({
  'pagination[pageSize]': String(RECENT_TODOS),
  sort: 'updatedAt:desc',
})}`;

export const COMPLETED_COUNT_QUERY = `todos?${new URLSearchParams({
  'filters[completed][$eq]': 'true',
  'pagination[pageSize]': '1',
})}`;

const isListResponse = (value: unknown): value is ListResponse => {
  const body = value as ListResponse | null;
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray(body.data) &&
    typeof body.meta?.pagination?.total === 'number'
  );
};

const unreadable = (meta: unknown): FetchBaseQueryError => {
  const status = (meta as FetchBaseQueryMeta | undefined)?.response?.status;
  return {
    status: 'CUSTOM_ERROR',
    error: `Unexpected answer from the todo list${status ? ` (status ${status})` : ''}`,
  };
};

/** The two list answers as one summary; the counts are kept consistent if a change lands between the calls. */
export function toSummary(recent: ListResponse, completed: ListResponse): DashboardSummary {
  const all = recent.meta.pagination.total;
  const done = Math.min(completed.meta.pagination.total, all);
  return { all, completed: done, pending: all - done, recent: recent.data.slice(0, RECENT_TODOS) };
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getDashboard: builder.query<DashboardSummary, void>({
      async queryFn(_arg, _queryApi, _extraOptions, baseQuery) {
        const [recent, completed] = await Promise.all([
          baseQuery(RECENT_TODOS_QUERY),
          baseQuery(COMPLETED_COUNT_QUERY),
        ]);
        if (recent.error) return { error: recent.error };
        if (completed.error) return { error: completed.error };
        if (!isListResponse(recent.data)) return { error: unreadable(recent.meta) };
        if (!isListResponse(completed.data)) return { error: unreadable(completed.meta) };
        return { data: toSummary(recent.data, completed.data) };
      },
      providesTags: (result) =>
        result ? [...result.recent.map((todo) => rowTag(todo.id)), LIST_TAG] : [LIST_TAG],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
