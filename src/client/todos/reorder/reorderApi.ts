/**
 * The todo list's own order ("Your order"), an endpoint of the todo API: a page's top-level todos
 * in a new order, each taking one of the positions the page's todos held (lib/reorder.ts).
 */
import type { TodoEntity } from '../../../shared/api-types';
import { positionsInSlots, putPositions } from '../../lib/reorder';
import { LIST_TAG, todosApi } from '../todosApi';
import type { TodoQuery } from '../view';

/** A todo's place in its owner's order; a Strapi todo made before positions existed has none (0). */
const positionOf = (todo: TodoEntity) => todo.attributes.position ?? 0;

export const reorderApi = todosApi.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * A page's top-level todos in a new order ("Your order"): each takes one of the positions the
     * page's todos held (lib/reorder.ts), and only the todos whose position changes are PUT. The
     * page shows the new order at once and goes back to the server's if a PUT fails; the lists
     * refetch either way.
     */
    reorderTodos: builder.mutation<null, { query: TodoQuery; moved: TodoEntity[] }>({
      queryFn: ({ moved }, _api, _extra, baseQuery) =>
        putPositions(baseQuery, 'todos', positionsInSlots(moved, positionOf)),
      async onQueryStarted({ query, moved }, { dispatch, queryFulfilled }) {
        const placed = new Map(
          positionsInSlots(moved, positionOf).map(({ item, position }) => [item.id, position]),
        );
        const patch = dispatch(
          todosApi.util.updateQueryData('getTodos', query, (draft) => {
            draft.todos = moved.map((todo) => ({
              ...todo,
              attributes: {
                ...todo.attributes,
                position: placed.get(todo.id) ?? todo.attributes.position,
              },
            }));
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const { useReorderTodosMutation } = reorderApi;
