/**
 * A bulk delete asks first, as the single delete does (see DeleteTodoDialog): the same title, text
 * and "Close"/"Delete" buttons, naming how many todos go. The ids are taken when it opens, so the
 * text and the call stay those of the question even while the selection changes behind it.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, useState } from 'react';
import { SubmitButton } from '../ui/SubmitButton';

/** The question's title and text: the spec's own words for one todo, the same form for more. */
export const bulkDeleteTexts = (count: number) =>
  count === 1
    ? { title: 'Delete this todo', text: 'Are you sure you want to delete this todo?' }
    : {
        title: 'Delete these todos',
        text: `Are you sure you want to delete these ${count} todos?`,
      };

interface BulkDeleteOptions {
  /** Deletes the todos; resolves to whether it worked (a failure has toasted and keeps the dialog). */
  run(ids: number[]): Promise<boolean>;
  busy: boolean;
  /** After a delete, once the dialog has gone: the rows and the bar's buttons are gone too. */
  onDeleted(): void;
}

/** `ask(ids)` opens the question; `dialog` is rendered by the page. */
export function useBulkDeleteDialog({ run, busy, onDeleted }: BulkDeleteOptions) {
  const titleId = useId();
  const textId = useId();
  const [state, setState] = useState<{ ids: number[]; open: boolean }>({ ids: [], open: false });
  const deleted = useRef(false);
  const close = () => setState((current) => ({ ...current, open: false }));
  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!(await run(state.ids))) return;
    deleted.current = true;
    close();
  };
  const exited = () => {
    if (!deleted.current) return; // Close: the focus goes back to the bar's Delete button
    deleted.current = false;
    onDeleted();
  };
  const { title, text } = bulkDeleteTexts(state.ids.length);
  const dialog = (
    <Dialog
      open={state.open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: exited } }}
    >
      <form onSubmit={(event) => void confirm(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{text}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Close</Button>
          <SubmitButton loading={busy} color="error">
            Delete
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
  return { ask: (ids: number[]) => setState({ ids, open: true }), dialog };
}
