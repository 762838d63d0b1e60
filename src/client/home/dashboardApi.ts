/**
 * The home dashboard's one query, injected into the base API. It never loads a user's whole list
 * (no `/users/me?populate=todos`): two small list calls whose exact `meta.pagination.total`
 * carries the counts, so it costs the same for 7 todos as for 100,000.
 *
 * - `GET /todos?pagination[pageSize]=5&sort=updatedAt:desc` → total = all, rows = the 5 most recent;
 * - `GET /todos?filters[completed][$eq]=true&pagination[pageSize]=1` → total = completed
 *   (1 is the smallest page size the contract accepts; it has no `withCount`-only mode).
 *
 * It provides the shared todo tags (lib/api.ts TODO_TAGS: list, status and a tag per recent row),
 * so adding, editing, deleting and ticking todos refetch it.
 */
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { ListResponse, TodoEntity } from '../../shared/api-types';
import { listSearchParams } from '../../shared/list-request';
import { api, TODO_TAGS } from '../lib/api';

export const RECENT_TODOS = 5;

export interface DashboardSummary {
  all: number;
  completed: number;
  pending: number;
  /** The most recently updated todos, newest first (at most five). */
  recent: TodoEntity[];
}

const RECENT_TODOS_QUERY = `todos?${listSearchParams({
  pagination: { pageSize: RECENT_TODOS },
  sort: ['updatedAt:desc'],
})}`;

const COMPLETED_COUNT_QUERY = `todos?${listSearchParams({
  filters: { completed: { $eq: true } },
  pagination: { pageSize: 1 },
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
function toSummary(recent: ListResponse, completed: ListResponse): DashboardSummary {
  const all = recent.meta.pagination.total;
  const done = Math.min(completed.meta.pagination.total, all);
  return { all, completed: done, pending: all - done, recent: recent.data.slice(0, RECENT_TODOS) };
}

const dashboardApi = api.injectEndpoints({
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
        // The counts move with every completion change too (STATUS), not only with the rows shown.
        [
          ...(result ? result.recent.map((todo) => TODO_TAGS.row(todo.id)) : []),
          TODO_TAGS.list,
          TODO_TAGS.status,
        ],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
