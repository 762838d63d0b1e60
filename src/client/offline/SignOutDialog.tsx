/**
 * Asks before a sign-out throws away changes that have not reached the server. Cancel (or Escape)
 * keeps them and the session; Sign out discards them. Cancel has the focus: it is the choice that
 * loses nothing.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export const signOutQuestion = (count: number) =>
  `Sign out and discard ${count} unsent ${count === 1 ? 'change' : 'changes'}?`;

export const signOutExplanation = (count: number) =>
  count === 1
    ? 'It was made on this device and has not reached the server yet. Signing out removes it from this device; Cancel keeps it, to be sent when the connection returns.'
    : 'They were made on this device and have not reached the server yet. Signing out removes them from this device; Cancel keeps them, to be sent when the connection returns.';

export interface SignOutDialogProps {
  open: boolean;
  count: number;
  onCancel(): void;
  onConfirm(): void;
}

export function SignOutDialog({ open, count, onCancel, onConfirm }: SignOutDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{signOutQuestion(count)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{signOutExplanation(count)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button autoFocus onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          Sign out
        </Button>
      </DialogActions>
    </Dialog>
  );
}
