/**
 * The three dialogs of a named, coloured thing (a project, a label): add, edit and the question
 * before deleting it. Its actions provider renders them once and says which is open.
 */
import { useCallback, useState } from 'react';
import { DeleteNamedDialog } from './DeleteNamedDialog';
import { NameColorDialog, type NameColorValues } from './NameColorDialog';

export type NamedItemDialog = 'add' | 'edit' | 'delete';

interface NamedItem {
  id: number;
  attributes: { name: string; color: string };
}

/**
 * Which dialog is open, and the item it shows: kept while the dialog closes, so its text does not
 * change under the closing animation.
 */
export function useNamedItemDialogs<T extends NamedItem>() {
  const [open, setOpen] = useState<NamedItemDialog>();
  const [shown, setShown] = useState<T>();
  const show = useCallback((dialog: NamedItemDialog, item?: T) => {
    if (item) setShown(item);
    setOpen(dialog);
  }, []);
  const close = useCallback(() => setOpen(undefined), []);
  return { open, shown, show, close };
}

interface NamedItemDialogsProps {
  /** "project", "label": the dialogs' titles name it. */
  noun: string;
  open: NamedItemDialog | undefined;
  shown: NamedItem | undefined;
  adding: boolean;
  updating: boolean;
  deleting: boolean;
  /** Resolve when saved; a rejection's message shows under the name. */
  onAdd(values: NameColorValues): Promise<void>;
  onEdit(values: NameColorValues): Promise<void>;
  /** What happens to its todos, and their number when the question does not say it. */
  deleteQuestion: string;
  openTodos?: number;
  onDelete(): void;
  onClose(): void;
  /** The delete question has gone (after its closing transition): focus may move then. */
  onDeleteExited(): void;
}

export function NamedItemDialogs({
  noun,
  open,
  shown,
  adding,
  updating,
  deleting,
  onAdd,
  onEdit,
  deleteQuestion,
  openTodos,
  onDelete,
  onClose,
  onDeleteExited,
}: NamedItemDialogsProps) {
  return (
    <>
      <NameColorDialog
        open={open === 'add'}
        title={`Add ${noun}`}
        submitLabel="Add"
        submitting={adding}
        onClose={onClose}
        onSubmit={onAdd}
      />
      <NameColorDialog
        // A new form per item, starting from its values.
        key={shown?.id}
        open={open === 'edit'}
        title={`Edit ${noun}`}
        submitLabel="Save"
        initialValues={shown && { name: shown.attributes.name, color: shown.attributes.color }}
        submitting={updating}
        onClose={onClose}
        onSubmit={onEdit}
      />
      <DeleteNamedDialog
        title={`Delete this ${noun}`}
        open={open === 'delete'}
        name={shown?.attributes.name}
        question={deleteQuestion}
        openTodos={openTodos}
        busy={deleting}
        onConfirm={onDelete}
        onClose={onClose}
        onExited={onDeleteExited}
      />
    </>
  );
}
