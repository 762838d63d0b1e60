/**
 * A list whose items move up and down by drag and drop (mouse, touch) or by keyboard (focus an
 * item's handle, Space, the arrow keys, Space; Escape cancels), with dnd-kit announcing each step
 * by the item's name and place. The projects in the drawer and a list's todos in "Your order" use it;
 * each item takes its handle from useSortableItem.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDndContext,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { reorderAnnouncements, reorderInstructions } from '../lib/reorder';

/** Items move up and down only. */
const alongTheList: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface SortableListProps<T extends { id: number }> {
  /** The items in the order shown. */
  items: readonly T[];
  /** "project", "todo": what the announcements call an item. */
  noun: string;
  /** A function that stays the same (a module's), so the announcements are not made anew. */
  nameOf(item: T): string;
  /** An item dropped elsewhere: its index before, and the index it goes to. */
  onMove(from: number, to: number): void;
  children: ReactNode;
}

export function SortableList<T extends { id: number }>({
  items,
  noun,
  nameOf,
  onMove,
  children,
}: SortableListProps<T>) {
  const sensors = useSensors(
    // A press that does not move 6 px is a click (on the handle: nothing happens).
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: string | number) => items.findIndex((item) => item.id === id);
  // One object while the list stays the same: it remembers, within a drag, whether it has moved.
  const accessibility = useMemo(() => {
    const place = (id: string | number) => items.findIndex((item) => item.id === id);
    const announcements = reorderAnnouncements(
      noun,
      (id) => {
        const item = items[place(id)];
        return item ? nameOf(item) : '';
      },
      (id) => place(id) + 1,
      items.length,
    );
    return { announcements, screenReaderInstructions: reorderInstructions(noun) };
  }, [items, noun, nameOf]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(indexOf(active.id), indexOf(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongTheList]}
      accessibility={accessibility}
      // An item may fold what it carries while it is dragged (a todo's subtasks): the places are
      // measured again after that, not only when the drag began.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** The id of the item being dragged in the SortableList around, if any. */
export function useDraggedId(): number | undefined {
  const { active } = useDndContext();
  return active ? Number(active.id) : undefined;
}

interface SortableHandleOptions {
  /** The handle's name for a screen reader: "Reorder Buy milk", "Move Work". */
  label: string;
  /** The handle's own room and colour in its row. */
  sx?: SxProps<Theme>;
  color?: IconButtonProps['color'];
  className?: string;
  testId?: string;
}

/**
 * An item of a SortableList: its drag handle (which the mouse, a finger or the keyboard picks up),
 * the ref its element takes, and the style that moves it and lifts it while it is dragged.
 */
export function useSortableItem(id: number, options: SortableHandleOptions) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      color={options.color}
      className={options.className}
      data-testid={options.testId}
      {...attributes}
      {...listeners}
      aria-label={options.label}
      sx={[
        { cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' },
        ...(Array.isArray(options.sx) ? options.sx : [options.sx]),
      ]}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
  const dragSx = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
    bgcolor: isDragging ? 'background.paper' : undefined,
    color: isDragging ? 'text.primary' : undefined,
    boxShadow: isDragging ? 4 : undefined,
  } as const;
  return { handle, itemRef: setNodeRef, dragSx };
}
