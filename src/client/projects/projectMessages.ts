/** The projects' texts: toasts and the delete question (ui/SortableList announces their moves). */
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
