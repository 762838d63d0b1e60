/**
 * What can be done to a label from the drawer or the phone menu: add, edit (name and colour) and
 * delete (asked first; it is taken off its todos, which stay). The dialogs live here, once, above
 * the menus that open them, so closing the phone menu never takes an open dialog with it.
 */
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LabelEntity } from '../../shared/api-types';
import { changeErrorMessage } from '../lib/messages';
import { toasts } from '../lib/toasts';
import { useOpenCounts } from '../projects';
import type { NameColorValues } from '../ui/NameColorDialog';
import { NamedItemDialogs, useNamedItemDialogs } from '../ui/NamedItemDialogs';
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

export function LabelActionsProvider({ children }: { children: ReactNode }) {
  const { open, shown, show, close } = useNamedItemDialogs<LabelEntity>();
  const [addLabel, adding] = useAddLabelMutation();
  const [updateLabel, updating] = useUpdateLabelMutation();
  const [deleteLabel, deleting] = useDeleteLabelMutation();
  const counts = useOpenCounts({ skip: open !== 'delete' });
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The deleted label's row, and the menu button the dialog would give the focus back to, are gone.
  const deleted = useRef(false);

  const actions = useMemo<LabelActions>(
    () => ({
      add: () => show('add'),
      edit: (label) => show('edit', label),
      remove: (label) => show('delete', label),
    }),
    [show],
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
      <NamedItemDialogs
        noun="label"
        open={open}
        shown={shown}
        adding={adding.isLoading}
        updating={updating.isLoading}
        deleting={deleting.isLoading}
        onAdd={submitAdd}
        onEdit={submitEdit}
        deleteQuestion={deleteLabelQuestion(shown && counts.ofLabel.get(shown.id))}
        onDelete={() => void confirmDelete()}
        onClose={close}
        onDeleteExited={() => {
          if (!deleted.current) return;
          deleted.current = false;
          document.getElementById('main')?.focus(); // the page's main region (PageFrame's)
        }}
      />
    </ActionsContext.Provider>
  );
}
