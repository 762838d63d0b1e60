/**
 * The frame of the profile's form dialogs: a title, what the action does, the fields, Close and the
 * action (the words and order of the spec's own dialogs: "Close" beside "Add", "Edit" or "Delete").
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { SubmitButton } from '../ui/SubmitButton';

interface AccountFormDialogProps {
  open: boolean;
  title: string;
  explanation: ReactNode;
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  submitting: boolean;
  onClose(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

export function AccountFormDialog({
  open,
  title,
  explanation,
  submitLabel,
  submitColor = 'primary',
  submitting,
  onClose,
  onSubmit,
  children,
}: AccountFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{explanation}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <SubmitButton loading={submitting} color={submitColor}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
