/** The list screen's add, edit and delete dialogs, one open at a time (or none). */
import type { TodoEntity } from '../../shared/api-types';
import { DeleteTodoDialog } from './DeleteTodoDialog';
import { AddTodoDialog, EditTodoDialog } from './TodoDialogs';

/** `todo` is the one to edit or delete, or for an add the parent of a new subtask. */
export type DialogState = { kind: 'add' | 'edit' | 'delete'; open: boolean; todo?: TodoEntity };

interface ListDialogsProps {
  dialog: DialogState;
  userId: number | undefined;
  /** A new todo's project: the screen's (left out: none given, the Inbox). */
  project?: number | null | undefined;
  onClose(): void;
  /** Where focus goes after a delete, once the row and its Undo toast are gone. */
  onFocusLost(): void;
}

export function ListDialogs({ dialog, userId, project, onClose, onFocusLost }: ListDialogsProps) {
  const shown = (kind: DialogState['kind']) => dialog.kind === kind && dialog.open;
  return (
    <>
      <AddTodoDialog
        open={shown('add')}
        userId={userId}
        project={project}
        parent={dialog.kind === 'add' ? dialog.todo : undefined}
        onClose={onClose}
      />
      <EditTodoDialog open={shown('edit')} todo={dialog.todo} onClose={onClose} />
      <DeleteTodoDialog
        open={shown('delete')}
        todo={dialog.todo}
        userId={userId}
        onClose={onClose}
        onFocusLost={onFocusLost}
      />
    </>
  );
}
