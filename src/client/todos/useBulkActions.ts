/**
 * The selection bar's actions: one all-or-nothing bulk call each. A bulk delete moves the todos to
 * the trash and offers one Undo for all of them, which restores them with one bulk call.
 */
import type { RefObject } from 'react';
import { changeErrorMessage } from '../lib/messages';
import { useBulkTodosMutation, type BulkAction } from './trashApi';
import { toasts } from '../lib/toasts';

const count = (n: number) => (n === 1 ? '1 todo' : `${n} todos`);

/** What each action's success says, with the number of todos it changed. */
export const BULK_MESSAGES: Record<BulkAction, (n: number, where?: string) => string> = {
  complete: (n) => `${count(n)} marked completed`,
  uncomplete: (n) => `${count(n)} marked pending`,
  delete: (n) => `${count(n)} moved to the trash`,
  restore: (n) => `${count(n)} restored`,
  move: (n, where) => `${count(n)} moved to ${where}`,
  label: (n, label) => `${count(n)} labelled ${label}`,
  unlabel: (n, label) => `Label ${label} removed from ${count(n)}`,
};

/**
 * What a move or a label action names: a project's id (null: the Inbox) or a label's id, and its
 * name for the toast.
 */
export type BulkTarget = { project: number | null; name: string } | { label: number; name: string };

export function useBulkActions({
  undoButton,
  onFocusLost,
}: {
  undoButton: RefObject<HTMLButtonElement | null>;
  onFocusLost(): void;
}) {
  const [bulk, { isLoading }] = useBulkTodosMutation();

  const run = async (action: BulkAction, ids: number[], to?: BulkTarget): Promise<boolean> => {
    try {
      const { name: _name, ...target } = to ?? { name: '' };
      const changed = await bulk({ action, ids, ...target }).unwrap();
      if (action === 'delete') {
        toasts.undoable(BULK_MESSAGES.delete(ids.length), {
          kind: 'bulk',
          onUndo: () => void run('restore', ids),
          buttonRef: undoButton,
          onFocusLost,
        });
      } else {
        // Labelled: every todo chosen now has the label, also one that had it already.
        const n = action === 'restore' || action === 'label' ? ids.length : changed;
        toasts.success(BULK_MESSAGES[action](n, to?.name), 'bulk');
      }
      return true;
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'bulk');
      return false;
    }
  };

  return { run, busy: isLoading };
}
