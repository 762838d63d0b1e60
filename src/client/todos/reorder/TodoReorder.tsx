/**
 * "Your order" on a project's or the Inbox's list: the page's top-level todos move by drag and drop
 * (mouse, touch) or by keyboard (focus a row's handle, Space, the arrow keys, Space; Escape
 * cancels), with dnd-kit announcing each step by the todo's title. A drop PUTs the new positions of
 * the todos whose place changed (reorderApi's reorderTodos); subtasks move with their parent.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useMemo, type ReactNode } from 'react';
import type { TodoEntity } from '../../../shared/api-types';
import { changeErrorMessage } from '../../lib/messages';
import { reorderAnnouncements, reorderInstructions } from '../../lib/reorder';
import { toasts } from '../../lib/toasts';
import { useReorderTodosMutation } from './reorderApi';
import type { TodoQuery } from '../view';

/** Rows move up and down only. */
const alongTheList: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const INSTRUCTIONS = reorderInstructions('todo');

interface TodoReorderProps {
  /** The list's query, whose cached page shows the new order at once. */
  query: TodoQuery;
  /** The page's top-level todos, in the order shown. */
  todos: TodoEntity[];
  children: ReactNode;
}

export function TodoReorder({ query, todos, children }: TodoReorderProps) {
  const [reorder] = useReorderTodosMutation();
  const sensors = useSensors(
    // A press that does not move 6 px is a click (on the handle: nothing happens).
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: string | number) => todos.findIndex((todo) => todo.id === id);
  // One object while the page stays the same: it remembers, within a drag, whether it has moved.
  const announcements = useMemo(() => {
    const place = (id: string | number) => todos.findIndex((todo) => todo.id === id);
    return reorderAnnouncements(
      'todo',
      (id) => todos[place(id)]?.attributes.title ?? '',
      (id) => place(id) + 1,
      todos.length,
    );
  }, [todos]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = arrayMove(todos, indexOf(active.id), indexOf(over.id));
    reorder({ query, moved })
      .unwrap()
      .catch((error: unknown) => toasts.error(changeErrorMessage(error), 'edit'));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongTheList]}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={todos.map((todo) => todo.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
