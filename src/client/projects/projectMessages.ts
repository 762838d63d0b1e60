/** The projects' texts: toasts, the delete question and the drag-and-drop announcements. */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { hasTrash } from '../lib/features';

const todosWord = (count: number) => (count === 1 ? '1 todo' : `${count} todos`);

export const PROJECT_MESSAGES = {
  added: (name: string) => `Project "${name}" added!`,
  updated: 'Project updated successfully!',
  archived: (name: string) => `Project "${name}" archived`,
  unarchived: (name: string) => `Project "${name}" is back in the list`,
  /** The delete's toast, which carries Undo. */
  deleted: (name: string, todos: number) =>
    todos > 0
      ? `Project "${name}" and its ${todosWord(todos)} moved to the trash`
      : `Project "${name}" moved to the trash`,
  /** A Strapi backend has no trash: a deleted project's todos stay, in the Inbox. */
  deletedToInbox: (name: string) => `Project "${name}" deleted: its todos are in the Inbox`,
  restored: (name: string) => `Project "${name}" restored!`,
  reordered: 'Project order saved',
};

/** The delete dialog's question: a project's todos go to the trash with it (to the Inbox on Strapi). */
export const deleteProjectQuestion = (): string =>
  hasTrash()
    ? 'Are you sure you want to delete this project? Its todos go to the trash too; Undo or the trash brings them back.'
    : 'Are you sure you want to delete this project? Its todos move to the Inbox.';

/** Tells a screen-reader user how to move a project with the keyboard (dnd-kit reads it out). */
export const REORDER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a project, press Space or Enter to pick it up, the up and down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.',
};

/** What dnd-kit announces while a project moves: its name and its place, counted from 1. */
export function reorderAnnouncements(
  nameOf: (id: string | number) => string,
  placeOf: (id: string | number) => number,
  count: number,
): Announcements {
  const at = (id: string | number) => `position ${placeOf(id)} of ${count}`;
  // dnd-kit reports the picked-up project over its own place at once: that is no move to announce
  // (it would cut off "Picked up"), until the project has been somewhere else.
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up project ${nameOf(active.id)}, at ${at(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!moved && over.id === active.id)) return undefined;
      moved = true;
      return `Project ${nameOf(active.id)} is now at ${at(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Project ${nameOf(active.id)} dropped at ${at(over.id)}.`
        : `Project ${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled: project ${nameOf(active.id)} is back at ${at(active.id)}.`,
  };
}
