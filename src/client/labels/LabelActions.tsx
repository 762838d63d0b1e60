/**
 * What can be done to a label from the drawer or the phone menu: add, edit (name and colour) and
 * delete (asked first; it is taken off its todos, which stay). The dialogs live here, once, above
 * the menus that open them, so closing the phone menu never takes an open dialog with it.
 */
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LabelEntity } from '../../shared/api-types';
import { changeErrorMessage } from '../lib/messages';
import { toasts } from '../lib/toasts';
import { useOpenCounts } from '../projects';
import { DeleteNamedDialog } from '../ui/DeleteNamedDialog';
import { NameColorDialog, type NameColorValues } from '../ui/NameColorDialog';
import { deleteLabelQuestion, LABEL_MESSAGES } from './labelMessages';
import { useAddLabelMutation, useDeleteLabelMutation, useUpdateLabelMutation } from './labelsApi';

export interface LabelActions {
  add(): void;
  edit(label: LabelEntity): void;
  remove(label: LabelEntity): void;
}

const ActionsContext = createContext<LabelActions | undefined>(undefined);

/** The label actions of the frame around this component. */
export function useLabelActions(): LabelActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useLabelActions needs a LabelActionsProvider around it');
  return actions;
}

type Open = { kind: 'add' | 'edit' | 'delete' } | undefined;

export function LabelActionsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>();
  // Kept while a dialog closes, so its text does not change under the closing animation.
  const [shown, setShown] = useState<LabelEntity | undefined>();
  const [addLabel, adding] = useAddLabelMutation();
  const [updateLabel, updating] = useUpdateLabelMutation();
  const [deleteLabel, deleting] = useDeleteLabelMutation();
  const counts = useOpenCounts({ skip: open?.kind !== 'delete' });
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const close = () => setOpen(undefined);
  // The deleted label's row, and the menu button the dialog would give the focus back to, are gone.
  const deleted = useRef(false);

  const actions = useMemo<LabelActions>(
    () => ({
      add: () => setOpen({ kind: 'add' }),
      edit: (label) => {
        setShown(label);
        setOpen({ kind: 'edit' });
      },
      remove: (label) => {
        setShown(label);
        setOpen({ kind: 'delete' });
      },
    }),
    [],
  );

  const submitAdd = async (values: NameColorValues) => {
    const { label } = await addLabel(values).unwrap();
    toasts.success(LABEL_MESSAGES.added(label.attributes.name), 'label');
    close();
  };
  const submitEdit = async (values: NameColorValues) => {
    if (!shown) return;
    await updateLabel({ id: shown.id, changes: values }).unwrap();
    toasts.success(LABEL_MESSAGES.updated, 'label');
    close();
  };
  const confirmDelete = async () => {
    if (!shown) return;
    try {
      const { todos } = await deleteLabel(shown.id).unwrap();
      deleted.current = true;
      close();
      toasts.success(LABEL_MESSAGES.deleted(shown.attributes.name, todos), 'label');
      // A list filtered by the label has nothing left to show: the filter goes, the view stays.
      const params = new URLSearchParams(search);
      if (params.get('label') === String(shown.id)) {
        params.delete('label');
        void navigate({ pathname, search: params.toString() }, { replace: true });
      }
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'label');
    }
  };

  return (
    <ActionsContext.Provider value={actions}>
      {children}
      <NameColorDialog
        open={open?.kind === 'add'}
        title="Add label"
        submitLabel="Add"
        submitting={adding.isLoading}
        onClose={close}
        onSubmit={submitAdd}
      />
      <NameColorDialog
        // A new form per label, starting from its values.
        key={shown?.id}
        open={open?.kind === 'edit'}
        title="Edit label"
        submitLabel="Save"
        initialValues={shown && { name: shown.attributes.name, color: shown.attributes.color }}
        submitting={updating.isLoading}
        onClose={close}
        onSubmit={submitEdit}
      />
      <DeleteNamedDialog
        title="Delete this label"
        open={open?.kind === 'delete'}
        name={shown?.attributes.name}
        question={deleteLabelQuestion(shown && counts.ofLabel.get(shown.id))}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={close}
        onExited={() => {
          if (!deleted.current) return;
          deleted.current = false;
          document.getElementById('main')?.focus(); // the page's main region (PageFrame's)
        }}
      />
    </ActionsContext.Provider>
  );
}
