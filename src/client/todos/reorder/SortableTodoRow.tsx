/**
 * A top-level row of a list in "Your order" (inside TodoReorder): the row with a drag handle,
 * "Reorder <title>", which the mouse, a finger or the keyboard (Space) picks up.
 */
import DragIndicator from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ComponentProps } from 'react';
import { TodoRow } from '../TodoRow';

type TodoRowProps = ComponentProps<typeof TodoRow>;

export function SortableTodoRow(props: Omit<TodoRowProps, 'handle' | 'itemRef' | 'dragSx'>) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: props.todo.id });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${props.todo.attributes.title}`}
      data-testid="reorder-handle"
      sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', p: 0.25 }}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
  return (
    <TodoRow
      {...props}
      handle={handle}
      itemRef={setNodeRef}
      dragSx={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        bgcolor: isDragging ? 'background.paper' : undefined,
        boxShadow: isDragging ? 4 : undefined,
      }}
    />
  );
}
