/**
 * A top-level row of a list in "Your order" (inside TodoReorder): the row with a drag handle,
 * "Reorder <title>", which the mouse, a finger or the keyboard (Space) picks up.
 */
import type { ComponentProps } from 'react';
import { useSortableItem } from '../../ui/SortableList';
import { TodoRow } from '../TodoRow';

type TodoRowProps = ComponentProps<typeof TodoRow>;

export function SortableTodoRow(props: Omit<TodoRowProps, 'handle' | 'itemRef' | 'dragSx'>) {
  const { handle, itemRef, dragSx } = useSortableItem(props.todo.id, {
    label: `Reorder ${props.todo.attributes.title}`,
    testId: 'reorder-handle',
    sx: { p: 0.25 },
  });
  return <TodoRow {...props} handle={handle} itemRef={itemRef} dragSx={dragSx} />;
}
