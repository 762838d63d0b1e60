/**
 * Ticking a todo from a list with subtasks: with open subtasks under it, completing it asks
 * first (CompleteSubtasksDialog). "Complete all" sends `?subtasks=complete`; a Strapi backend has no
 * such call, so there each open subtask is completed one by one, then the todo.
 */
import { useState } from 'react';
import { hasSubtaskCompletion } from '../../lib/features';
import { changeErrorMessage } from '../../lib/messages';
import { toasts } from '../../lib/toasts';
import { useSetTodoCompletedMutation } from '../todosApi';
import { CompleteSubtasksDialog, type SubtaskChoice } from './CompleteSubtasksDialog';
import { openSubtaskIds, type SubtaskRow } from './subtaskTree';

export function useSubtaskCompletion() {
  const [setCompleted] = useSetTodoCompletedMutation();
  // Kept while the dialog closes, so its text does not change as it fades.
  const [asking, setAsking] = useState<{ row: SubtaskRow; open: boolean } | undefined>();
  const [busy, setBusy] = useState<SubtaskChoice | undefined>();

  const tick = async (id: number, completed: boolean, subtasks?: 'complete') => {
    try {
      await setCompleted({ id, completed, ...(subtasks ? { subtasks } : {}) }).unwrap();
      toasts.settle('complete');
      return true;
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'complete'); // the mutation undoes its optimistic tick
      return false;
    }
  };

  const toggle = (row: SubtaskRow, completed: boolean) => {
    if (completed && row.open > 0) setAsking({ row, open: true });
    else void tick(row.todo.id, completed);
  };

  const choose = async (choice: SubtaskChoice) => {
    if (!asking) return;
    const { todo } = asking.row;
    const { id } = todo;
    setBusy(choice);
    if (choice === 'one') await tick(id, true);
    else if (hasSubtaskCompletion()) await tick(id, true, 'complete');
    else {
      let done = true;
      for (const subtask of openSubtaskIds(todo)) done = done && (await tick(subtask, true));
      if (done) await tick(id, true);
    }
    setBusy(undefined);
    close();
  };
  const close = () => setAsking((current) => current && { ...current, open: false });

  const dialog = (
    <CompleteSubtasksDialog
      open={asking?.open ?? false}
      count={asking?.row.open ?? 0}
      busy={busy}
      onChoose={(choice) => void choose(choice)}
      onClose={() => busy === undefined && close()}
    />
  );
  return { toggle, dialog };
}
