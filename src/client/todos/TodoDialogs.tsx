/**
 * The add, edit and delete dialogs. Each runs its own call: a success toasts, refreshes the list
 * (through the mutation's tags) and closes; a failure toasts the catalogue's message and stays.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, useState } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { SubmitButton } from '../ui/SubmitButton';
import {
  changeErrorMessage,
  isSuccessStatus,
  ODD_STATUS_MESSAGES,
  QUEUED_MESSAGES,
  SUCCESS_MESSAGES,
} from '../lib/messages';
import { TodoFormDialog, type TodoFormValues } from './TodoFormDialog';
import type { TodoDialogInput } from './todoFormSchema';
import { useChangeReporter } from './useChangeReporter';
import { formFields, formValuesOf, projectValue, touchesSeries } from './todoFormValues';
import { asksScope, SeriesScopeDialog } from './SeriesScopeDialog';
import {
  useAddTodoMutation,
  useDeleteTodoMutation,
  useEditTodoMutation,
  type SeriesScope,
  type TodoChanges,
} from './todosApi';
import { useRestore } from './useRestore';
import { toasts } from '../lib/toasts';

interface AddTodoDialogProps {
  open: boolean;
  /** The signed-in user's id, sent as the new todo's owner. */
  userId: number | undefined;
  /** The due date the form starts with ("YYYY-MM-DD"): Today's page adds todos due today. */
  dueDate?: string;
  /** The project the form starts with (a project page's; null or left out: the Inbox). */
  project?: number | null;
  /** The values the form starts with (quick add's Details), over `dueDate` and `project`. */
  initialValues?: TodoDialogInput;
  onClose(): void;
  /** Called when the todo was added (or queued), before the dialog closes. */
  onAdded?(): void;
}

export function AddTodoDialog({
  open,
  userId,
  dueDate,
  project,
  initialValues,
  onClose,
  onAdded,
}: AddTodoDialogProps) {
  const [addTodo, { isLoading }] = useAddTodoMutation();
  const report = useChangeReporter('add');
  const submit = async (values: TodoFormValues) => {
    const payload = {
      title: values.title,
      description: values.description,
      ...formFields(values),
      ...(userId === undefined ? {} : { user: userId }),
    };
    if (!(await report(() => addTodo(payload).unwrap()))) return;
    onAdded?.();
    onClose();
  };
  return (
    <TodoFormDialog
      open={open}
      title="Add New Todo"
      submitLabel="Add"
      initialValues={
        initialValues ?? {
          title: '',
          ...(dueDate ? { dueDate } : {}),
          project: projectValue(project),
        }
      }
      submitting={isLoading}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

interface TodoDialogProps {
  open: boolean;
  /** The todo to change; kept while the dialog closes. */
  todo: TodoEntity | undefined;
  onClose(): void;
}

export function EditTodoDialog({ open, todo, onClose }: TodoDialogProps) {
  const [editTodo, { isLoading }] = useEditTodoMutation();
  const report = useChangeReporter('edit');
  // A change to the series' own fields waits here while the scope question is open.
  const [pending, setPending] = useState<TodoChanges | undefined>();
  const [scopeSent, setScopeSent] = useState<SeriesScope | undefined>();
  const send = async (changes: TodoChanges, scope?: SeriesScope) => {
    if (!todo) return;
    setScopeSent(scope);
    const done = await report(() =>
      editTodo({ id: todo.id, changes, ...(scope ? { scope } : {}) }).unwrap(),
    );
    setScopeSent(undefined);
    if (!done) return;
    setPending(undefined);
    onClose();
  };
  const submit = async (values: TodoFormValues) => {
    if (!todo) return;
    const changes: TodoChanges = {
      title: values.title,
      description: values.description,
      ...formFields(values, todo),
    };
    if (asksScope(todo) && touchesSeries(todo, changes)) setPending(changes);
    else await send(changes);
  };
  return (
    <>
      <TodoFormDialog
        open={open && todo !== undefined}
        title="Edit this todo"
        submitLabel="Edit"
        initialValues={todo && formValuesOf(todo)}
        submitting={isLoading}
        onClose={onClose}
        onSubmit={submit}
      />
      <SeriesScopeDialog
        open={open && pending !== undefined}
        kind="edit"
        busy={scopeSent}
        onChoose={(scope) => pending && void send(pending, scope)}
        onClose={() => setPending(undefined)}
      />
    </>
  );
}

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
