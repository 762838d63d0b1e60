/** The projects' texts: toasts, the delete question and the drag-and-drop announcements. */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { hasTrash } from '../lib/features';
import { reorderAnnouncements as sharedAnnouncements, reorderInstructions } from '../lib/reorder';

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
export const REORDER_INSTRUCTIONS: ScreenReaderInstructions = reorderInstructions('project');

/** What dnd-kit announces while a project moves: its name and its place, counted from 1. */
export const reorderAnnouncements = (
  nameOf: (id: string | number) => string,
  placeOf: (id: string | number) => number,
  count: number,
): Announcements => sharedAnnouncements('project', nameOf, placeOf, count);
