/**
 * "Empty trash" asks first, in the words of the spec's delete question ("Close" and "Delete"): the
 * todos in the trash are deleted for good.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SubmitButton } from '../ui/SubmitButton';

interface EmptyTrashDialogProps {
  open: boolean;
  count: number;
  busy: boolean;
  onClose(): void;
  onConfirm(): void;
}

export function EmptyTrashDialog({ open, count, busy, onClose, onConfirm }: EmptyTrashDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <DialogTitle id={titleId}>Empty trash</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            Are you sure you want to delete{' '}
            {count === 1 ? 'the todo in the trash' : `the ${count} todos in the trash`} for good?
            This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Close</Button>
          <SubmitButton loading={busy} color="error">
            Delete
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
