/** The delete dialog of a todo (the add and edit dialogs are in TodoDialogs.tsx). */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, useState } from 'react';
import { SubmitButton } from '../ui/SubmitButton';
import {
  changeErrorMessage,
  isSuccessStatus,
  ODD_STATUS_MESSAGES,
  QUEUED_MESSAGES,
  SUCCESS_MESSAGES,
} from '../lib/messages';
import { toasts } from '../lib/toasts';
import { asksScope, SeriesScopeDialog } from './SeriesScopeDialog';
import type { TodoDialogProps } from './TodoDialogs';
import { useDeleteTodoMutation, type SeriesScope } from './todosApi';
import { useRestore } from './useRestore';
import { SubtreeNote } from './subtasks/SubtreeNote';

interface DeleteTodoDialogProps extends TodoDialogProps {
  /** The signed-in user's id, sent as the owner when Undo creates the todo again. */
  userId?: number | undefined;
  /** Where focus goes when it would otherwise be lost: the deleted row and the Undo toast are gone. */
  onFocusLost?(): void;
}

/**
 * Delete asks first. A success toasts "Todo Deleted successfully!" with an Undo button, which
 * restores the todo from the trash (re-creates it on a Strapi backend) and refreshes the list. The row that
 * opened the dialog is gone, so focus goes to that Undo button once the dialog has closed, and
 * from there to `onFocusLost` when the toast leaves.
 */
export function DeleteTodoDialog({
  open,
  todo,
  userId,
  onClose,
  onFocusLost,
}: DeleteTodoDialogProps) {
  const titleId = useId();
  const textId = useId();
  const restore = useRestore(userId);
  const [deleteTodo, { isLoading }] = useDeleteTodoMutation();
  const undoButton = useRef<HTMLButtonElement | null>(null);
  const focusUndo = useRef(false);

  const series = asksScope(todo);
  const [scopeSent, setScopeSent] = useState<SeriesScope | undefined>();
  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    void remove();
  };
  const remove = async (scope?: SeriesScope) => {
    if (!todo) return;
    const deleted = todo;
    setScopeSent(scope);
    try {
      const outcome = await deleteTodo(scope ? { id: deleted.id, scope } : deleted.id).unwrap();
      if (outcome.queued) {
        toasts.success(QUEUED_MESSAGES.delete, 'delete'); // no Undo: nothing reached the trash yet
      } else if (isSuccessStatus(outcome.status)) {
        focusUndo.current = true;
        toasts.undoable(SUCCESS_MESSAGES.delete, {
          kind: 'delete',
          onUndo: () => void restore(deleted),
          buttonRef: undoButton,
          onFocusLost: () => onFocusLost?.(),
        });
      } else {
        toasts.error(ODD_STATUS_MESSAGES.delete, 'delete');
      }
      onClose();
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'delete');
    } finally {
      setScopeSent(undefined);
    }
  };

  const exited = () => {
    if (!focusUndo.current) return;
    focusUndo.current = false;
    if (undoButton.current?.isConnected) undoButton.current.focus();
    else onFocusLost?.();
  };

  if (series) {
    return (
      <SeriesScopeDialog
        open={open}
        kind="delete"
        busy={scopeSent}
        onChoose={(scope) => void remove(scope)}
        onClose={onClose}
      />
    );
  }
  return (
    <Dialog
      open={open && todo !== undefined}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: exited } }}
    >
      <form onSubmit={confirm}>
        <DialogTitle id={titleId}>Delete this todo</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {/* Named, so a phone user tapping the wrong row sees it before confirming. */}
            <Box component="strong" sx={{ display: 'block', mb: 1, overflowWrap: 'anywhere' }}>
              Delete "<span dir="auto">{todo?.attributes.title}</span>"?
            </Box>
            Are you sure you want to delete this todo?
            <SubtreeNote todo={todo} />
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Close</Button>
          <SubmitButton loading={isLoading} color="error">
            Delete
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
