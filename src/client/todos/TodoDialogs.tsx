/**
 * The add and edit dialogs (the delete's is DeleteTodoDialog.tsx). Each runs its own call: a
 * success toasts, refreshes the list (through the mutation's tags) and closes; a failure toasts the
 * catalogue's message and stays.
 */
import { useState } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { TodoFormDialog, type TodoFormValues } from './TodoFormDialog';
import type { TodoDialogInput } from './todoFormSchema';
import { useChangeReporter, type ShowFieldError } from './useChangeReporter';
import {
  formFields,
  formValuesOf,
  parentValues,
  projectOf,
  projectValue,
  touchesSeries,
} from './todoFormValues';
import { asksScope, SeriesScopeDialog } from './SeriesScopeDialog';
import {
  useAddTodoMutation,
  useEditTodoMutation,
  type SeriesScope,
  type TodoChanges,
} from './todosApi';

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
  /** The todo a row's "Add subtask" adds under: the form starts in its project. */
  parent?: TodoEntity;
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
  parent,
  onClose,
  onAdded,
}: AddTodoDialogProps) {
  const [addTodo, { isLoading }] = useAddTodoMutation();
  const report = useChangeReporter('add');
  const submit = async (values: TodoFormValues, showFieldError: ShowFieldError) => {
    const payload = {
      title: values.title,
      description: values.description,
      ...formFields(values),
      ...(userId === undefined ? {} : { user: userId }),
    };
    if (!(await report(() => addTodo(payload).unwrap(), showFieldError))) return;
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
          project: projectValue(parent ? projectOf(parent) : project),
          ...(parent && parentValues({ id: parent.id, title: parent.attributes.title })),
        }
      }
      submitting={isLoading}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

export interface TodoDialogProps {
  open: boolean;
  /** The todo to change; kept while the dialog closes. */
  todo: TodoEntity | undefined;
  onClose(): void;
}

export function EditTodoDialog({ open, todo, onClose }: TodoDialogProps) {
  const [editTodo, { isLoading }] = useEditTodoMutation();
  const report = useChangeReporter('edit');
  // A change to the series' own fields waits here while the scope question is open.
  const [pending, setPending] = useState<
    { changes: TodoChanges; showFieldError: ShowFieldError } | undefined
  >();
  const [scopeSent, setScopeSent] = useState<SeriesScope | undefined>();
  const send = async (
    changes: TodoChanges,
    showFieldError: ShowFieldError,
    scope?: SeriesScope,
  ) => {
    if (!todo) return;
    setScopeSent(scope);
    const done = await report(
      () => editTodo({ id: todo.id, changes, ...(scope ? { scope } : {}) }).unwrap(),
      showFieldError,
    );
    setScopeSent(undefined);
    if (!done) return;
    setPending(undefined);
    onClose();
  };
  const submit = async (values: TodoFormValues, showFieldError: ShowFieldError) => {
    if (!todo) return;
    const changes: TodoChanges = {
      title: values.title,
      description: values.description,
      ...formFields(values, todo),
    };
    if (asksScope(todo) && touchesSeries(todo, changes)) setPending({ changes, showFieldError });
    else await send(changes, showFieldError);
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
        onChoose={(scope) => pending && void send(pending.changes, pending.showFieldError, scope)}
        onClose={() => setPending(undefined)}
      />
    </>
  );
}
