/**
 * The todo endpoints, injected into the one base API. The list query's argument is the view;
 * each row provides its own tag and every list provides the list tag, so adding, editing and
 * deleting refetch the lists on screen. Completion is changed optimistically (and refetches the
 * lists under a status filter, which it changes).
 */
import type { ListResponse, TodoAttributes } from '../../shared/api-types';
import { api, TODO_TAGS } from '../lib/api';
import { temporaryId } from '../offline';
import { todayApi } from '../today';
import {
  onStrapi,
  restoreTodoBody,
  toTodoPage,
  listTodosQuery,
  type RestoredTodo,
  type TodoPage,
} from './listQuery';
import {
  queuedWrite,
  scoped,
  toOutcome,
  unlessQueued,
  type ChangeOutcome,
  type NewTodo,
  type SeriesScope,
  type TodoChanges,
} from './todoWrites';
import type { TodoQuery, TodoView } from './view';
import { findTodo, pageIds } from './subtasks/subtaskTree';

export type { TodoPage, RestoredTodo } from './listQuery';
export type {
  ChangeOutcome,
  LabelsWrite,
  NewTodo,
  SeriesScope,
  TodoChanges,
  TodoDates,
} from './todoWrites';

/** A tick, and whether it completes the todo's open subtasks too (`?subtasks=complete`). */
export interface Completion {
  id: number;
  completed: boolean;
  subtasks?: 'complete';
}

export const LIST_TAG = TODO_TAGS.list;
/** Lists under a status filter also provide this tag: a completion change can move a row out of them. */
export const STATUS_LIST_TAG = TODO_TAGS.status;
const rowTag = TODO_TAGS.row;

export const todosApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getTodos: builder.query<TodoPage, TodoQuery>({
      query: (view) => `todos?${listTodosQuery(view)}`,
      transformResponse: (response: ListResponse, _meta, view) => toTodoPage(response, view),
      providesTags: (result, _error, view) => [
        // The subtasks nested in the page too: ticking one patches and refreshes this list.
        ...(result ? pageIds(result.todos).map(rowTag) : []),
        LIST_TAG,
        ...(view.status === 'all' ? [] : [STATUS_LIST_TAG]),
      ],
    }),

    addTodo: builder.mutation<ChangeOutcome, NewTodo>({
      queryFn: queuedWrite((data: NewTodo) => ({
        method: 'POST',
        path: 'todos/',
        body: { data: { ...data } },
        todoId: temporaryId(),
      })),
      invalidatesTags: (result, error) => unlessQueued(result, error, [LIST_TAG]),
    }),

    /**
     * Undo of a delete, and Restore in the trash: the same todo comes back from the trash (same id
     * and dates). A stock Strapi backend has no trash: there the todo is created again (a new id).
     */
    restoreTodo: builder.mutation<ChangeOutcome, RestoredTodo>({
      query: (restored) =>
        onStrapi
          ? { url: 'todos/', method: 'POST', body: restoreTodoBody(restored) }
          : { url: `todos/${restored.todo.id}/restore`, method: 'POST' },
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) => (error ? [] : [LIST_TAG, TODO_TAGS.trash]),
    }),

    editTodo: builder.mutation<
      ChangeOutcome,
      { id: number; changes: TodoChanges; scope?: SeriesScope }
    >({
      queryFn: queuedWrite(
        (
          { id, changes, scope }: { id: number; changes: TodoChanges; scope?: SeriesScope },
          state,
        ) => ({
          method: 'PUT',
          path: scoped(`todos/${id}`, scope),
          body: { data: { ...changes } },
          todoId: id,
          base: cachedTodo(state, id),
        }),
      ),
      // The row, and the lists: a new title can move the row to another page of a title sort.
      invalidatesTags: (result, error, { id }) =>
        unlessQueued(result, error, [rowTag(id), LIST_TAG]),
    }),

    /** A series occurrence may name a scope; deleting only this one brings the next occurrence. */
    deleteTodo: builder.mutation<ChangeOutcome, number | { id: number; scope: SeriesScope }>({
      queryFn: queuedWrite((arg: number | { id: number; scope: SeriesScope }, state) => {
        const { id, scope } = typeof arg === 'number' ? { id: arg, scope: undefined } : arg;
        return {
          method: 'DELETE',
          path: scoped(`todos/${id}`, scope),
          todoId: id,
          base: cachedTodo(state, id),
        };
      }),
      invalidatesTags: (result, error, arg) =>
        unlessQueued(result, error, [
          rowTag(typeof arg === 'number' ? arg : arg.id),
          LIST_TAG,
          TODO_TAGS.trash,
        ]),
    }),

    /**
     * Ticks or unticks a todo at once in every cached list that shows it; undone if the call fails.
     * `subtasks: 'complete'` completes its open subtasks with it (the lists refetch then).
     */
    setTodoCompleted: builder.mutation<ChangeOutcome, Completion>({
      // The lists are ticked already (onQueryStarted): what the user saw before is the other value.
      queryFn: queuedWrite(({ id, completed, subtasks }: Completion, state) => {
        const seen = cachedTodo(state, id);
        return {
          method: 'PUT',
          path: subtasks ? `todos/${id}?subtasks=${subtasks}` : `todos/${id}`,
          body: { data: { completed } },
          todoId: id,
          base: seen && { ...seen, completed: !completed },
        };
      }),
      async onQueryStarted({ id, completed, subtasks }, { dispatch, getState, queryFulfilled }) {
        const showing = todosApi.util.selectInvalidatedBy(getState(), [rowTag(id)]);
        const lists = showing.filter((entry) => entry.endpointName === 'getTodos');
        const patches = lists.map(({ originalArgs }) =>
          dispatch(
            todosApi.util.updateQueryData('getTodos', originalArgs as TodoView, (draft) => {
              const row = findTodo(draft.todos, id);
              if (row) row.attributes.completed = completed;
            }),
          ),
        );
        // The Today page too: its refetch (the status tag, below) then takes the ticked row away.
        for (const { endpointName, originalArgs } of showing) {
          if (endpointName !== 'getDueTodos') continue;
          patches.push(
            dispatch(
              todayApi.util.updateQueryData('getDueTodos', originalArgs as string, (draft) => {
                for (const todo of [...draft.dueByToday, ...draft.dueSoon]) {
                  if (todo.id === id) todo.attributes.completed = completed;
                }
              }),
            ),
          );
        }
        try {
          const { data } = await queryFulfilled;
          if (data.queued) return; // the tick stays; the queue sends it
          const saved = data.todo;
          // A list that was being refetched meanwhile may have brought back the old value: refetch it.
          const refetching = lists.some(
            ({ originalArgs }) =>
              todosApi.endpoints.getTodos.select(originalArgs as TodoView)(getState()).isLoading,
          );
          // The row moves between the Pending and the Completed lists: refetch those, whatever they show.
          if (refetching || !saved) {
            dispatch(todosApi.util.invalidateTags([rowTag(id), STATUS_LIST_TAG]));
            return;
          }
          // Completing an occurrence of a series creates the next one, and completing the subtasks
          // changes other rows: every list may show them.
          const next = completed && (saved.attributes.seriesId || subtasks);
          dispatch(
            todosApi.util.invalidateTags(next ? [STATUS_LIST_TAG, LIST_TAG] : [STATUS_LIST_TAG]),
          );
          // Keep the server's own values (its updatedAt) without refetching the lists.
          for (const { originalArgs } of lists) {
            dispatch(
              todosApi.util.updateQueryData('getTodos', originalArgs as TodoView, (draft) => {
                const row = findTodo(draft.todos, id);
                if (row) row.attributes = { ...row.attributes, ...saved.attributes };
              }),
            );
          }
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),

    /** One Generate Todos call: no invalidation, the run refreshes the list once when it ends. */
    createSampleTodo: builder.mutation<ChangeOutcome, NewTodo>({
      query: (data) => ({ url: 'todos/', method: 'POST', body: { data } }),
      transformResponse: toOutcome,
    }),
  }),
});

export const {
  useGetTodosQuery,
  useAddTodoMutation,
  useEditTodoMutation,
  useDeleteTodoMutation,
  useSetTodoCompletedMutation,
  useCreateSampleTodoMutation,
} = todosApi;

/** A todo's attributes as a cached list shows them. */
function cachedTodo(state: unknown, id: number): TodoAttributes | undefined {
  const lists = todosApi.util
    .selectInvalidatedBy(state as never, [rowTag(id)])
    .filter((entry) => entry.endpointName === 'getTodos');
  for (const { originalArgs } of lists) {
    const todos = todosApi.endpoints.getTodos.select(originalArgs as TodoView)(state as never).data
      ?.todos;
    const row = todos && findTodo(todos, id);
    if (row) return row.attributes as TodoAttributes;
  }
  return undefined;
}

/** Marks every todo list stale, so the ones on screen refetch. */
export const refreshTodoLists = () => todosApi.util.invalidateTags([LIST_TAG]);
