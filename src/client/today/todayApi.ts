/**
 * The Today page's query: two list calls (due by today, due in the next 7 days). It provides the
 * shared todo tags, so adds, edits, deletes, ticks and live events refetch it like any list.
 */
import type { ListResponse, TodoEntity } from '../../shared/api-types';
import { api, TODO_TAGS } from '../lib/api';
import { dueByTodayQuery, dueSoonQuery } from './todayGroups';

interface DueTodos {
  dueByToday: TodoEntity[];
  dueSoon: TodoEntity[];
  /** More todos matched than one page shows. */
  truncated: boolean;
}

export const todayApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The argument is today's date ("YYYY-MM-DD") in the reader's time zone. */
    getDueTodos: builder.query<DueTodos, string>({
      async queryFn(today, _api, _extra, baseQuery) {
        const [byToday, soon] = await Promise.all([
          baseQuery(dueByTodayQuery(today)),
          baseQuery(dueSoonQuery(today)),
        ]);
        if (byToday.error) return { error: byToday.error };
        if (soon.error) return { error: soon.error };
        const a = byToday.data as ListResponse;
        const b = soon.data as ListResponse;
        const truncated =
          a.meta.pagination.total > a.data.length || b.meta.pagination.total > b.data.length;
        return { data: { dueByToday: a.data, dueSoon: b.data, truncated } };
      },
      providesTags: (result) => [
        ...(result
          ? [...result.dueByToday, ...result.dueSoon].map((todo) => TODO_TAGS.row(todo.id))
          : []),
        TODO_TAGS.list,
        // A tick moves a todo out of the page (it shows open todos only).
        TODO_TAGS.status,
      ],
    }),
  }),
});

export const { useGetDueTodosQuery } = todayApi;
