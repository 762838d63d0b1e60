/** Asks before a project goes to the trash, and says that its todos go with it. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ProjectEntity } from '../../shared/api-types';
import { SubmitButton } from '../ui/SubmitButton';
import { deleteProjectQuestion } from './projectMessages';

interface DeleteProjectDialogProps {
  /** The project asked about; kept while the dialog closes. */
  project: ProjectEntity | undefined;
  open: boolean;
  /** Its open todos, when known (the drawer's count). */
  openTodos?: number;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
  /** The dialog has gone (after its closing transition): focus may move then. */
  onExited?(): void;
}

export function DeleteProjectDialog({
  project,
  open,
  openTodos,
  busy,
  onConfirm,
  onClose,
  onExited,
}: DeleteProjectDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open && project !== undefined}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <DialogTitle id={titleId}>Delete this project</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            <Box component="strong" sx={{ display: 'block', mb: 1, overflowWrap: 'anywhere' }}>
              Delete "<span dir="auto">{project?.attributes.name}</span>"
              {openTodos ? ` and its ${openTodos} open ${openTodos === 1 ? 'todo' : 'todos'}` : ''}?
            </Box>
            {deleteProjectQuestion()}
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
