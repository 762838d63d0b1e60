/**
 * "Your order" on a project's or the Inbox's list: the page's top-level todos move by drag and drop
 * (mouse, touch) or by keyboard (focus a row's handle, Space, the arrow keys, Space; Escape
 * cancels), with dnd-kit announcing each step by the todo's title. A drop PUTs the new positions of
 * the todos whose place changed (reorderApi's reorderTodos); subtasks move with their parent.
 */
import { arrayMove } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import type { TodoEntity } from '../../../shared/api-types';
import { changeErrorMessage } from '../../lib/messages';
import { toasts } from '../../lib/toasts';
import { SortableList } from '../../ui/SortableList';
import { useReorderTodosMutation } from './reorderApi';
import type { TodoQuery } from '../view';

const titleOf = (todo: TodoEntity) => todo.attributes.title;

interface TodoReorderProps {
  /** The list's query, whose cached page shows the new order at once. */
  query: TodoQuery;
  /** The page's top-level todos, in the order shown. */
  todos: TodoEntity[];
  children: ReactNode;
}

export function TodoReorder({ query, todos, children }: TodoReorderProps) {
  const [reorder] = useReorderTodosMutation();
  const onMove = (from: number, to: number) =>
    reorder({ query, moved: arrayMove(todos, from, to) })
      .unwrap()
      .catch((error: unknown) => toasts.error(changeErrorMessage(error), 'edit'));

  return (
    <SortableList
      items={todos}
      noun="todo"
      nameOf={titleOf}
      onMove={(from, to) => void onMove(from, to)}
    >
      {children}
    </SortableList>
  );
}
