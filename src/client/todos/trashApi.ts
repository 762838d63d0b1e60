/**
 * Ticklist's trash and bulk calls (beyond Strapi, see README): the trash's pages, emptying it, and
 * one all-or-nothing call that completes, reopens, deletes, restores, moves or (un)labels many todos. Restoring one
 * todo is todosApi's restoreTodo (it is also the Undo of a delete).
 */
import type { TodoEntity } from '../../shared/api-types';
import { listSearchParams } from '../../shared/list-request';
import { api, TODO_TAGS } from '../lib/api';
import type { TodoPage } from './todosApi';
import { toTodoPage } from './listQuery';
import { DEFAULT_VIEW } from './view';

export const TRASH_PAGE_SIZE = 10;

export type BulkAction =
  'complete' | 'uncomplete' | 'delete' | 'restore' | 'move' | 'label' | 'unlabel';

/** A trashed todo: its attributes add when it was deleted. */
export type TrashedTodo = TodoEntity & {
  attributes: TodoEntity['attributes'] & { deletedAt: string };
};

type TrashPage = Omit<TodoPage, 'todos'> & { todos: TrashedTodo[] };

/** What each bulk action changes: every list (they all provide the list tag), and the trash. */
const BULK_TAGS = {
  complete: [TODO_TAGS.list],
  uncomplete: [TODO_TAGS.list],
  delete: [TODO_TAGS.list, TODO_TAGS.trash],
  restore: [TODO_TAGS.list, TODO_TAGS.trash],
  move: [TODO_TAGS.list],
  // The sidebar's open counts per label come with the list tag too.
  label: [TODO_TAGS.list],
  unlabel: [TODO_TAGS.list],
} as const;

const trashApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getTrash: builder.query<TrashPage, number>({
      query: (page) =>
        `todos/trash?${listSearchParams({
          pagination: { page, pageSize: TRASH_PAGE_SIZE },
          // Each row shows its project and its labels, as the list's rows do.
          populate: { project: true, labels: true },
        })}`,
      transformResponse: (response: Parameters<typeof toTodoPage>[0], _meta, page) =>
        toTodoPage(response, { ...DEFAULT_VIEW, page, pageSize: TRASH_PAGE_SIZE }) as TrashPage,
      providesTags: [TODO_TAGS.trash],
    }),

    emptyTrash: builder.mutation<null, void>({
      query: () => ({ url: 'todos/trash', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [TODO_TAGS.trash]),
    }),

    /** Every todo in the trash back in the lists; answers how many. */
    restoreAllTrash: builder.mutation<number, void>({
      query: () => ({ url: 'todos/trash/restore', method: 'POST' }),
      transformResponse: (response: { data: { count: number } }) => response.data.count,
      invalidatesTags: (_result, error) => (error ? [] : [TODO_TAGS.list, TODO_TAGS.trash]),
    }),

    bulkTodos: builder.mutation<
      number,
      { action: BulkAction; ids: number[]; project?: number | null; label?: number }
    >({
      query: (body) => ({ url: 'todos/bulk', method: 'POST', body }),
      transformResponse: (response: { data: { count: number } }) => response.data.count,
      invalidatesTags: (_result, error, { action, ids }) =>
        error ? [] : [...BULK_TAGS[action], ...ids.map(TODO_TAGS.row)],
    }),
  }),
});

export const {
  useGetTrashQuery,
  useEmptyTrashMutation,
  useRestoreAllTrashMutation,
  useBulkTodosMutation,
} = trashApi;
