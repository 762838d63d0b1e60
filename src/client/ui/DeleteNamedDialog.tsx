/**
 * Asks before a named thing goes (a project to the trash, a label for good): 'Delete "Work" and its
 * 3 open todos?' in bold, then what happens to its todos.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SubmitButton } from './SubmitButton';

interface DeleteNamedDialogProps {
  /** "Delete this project", "Delete this label". */
  title: string;
  /** The name of what is asked about; kept while the dialog closes (undefined: closed). */
  name: string | undefined;
  open: boolean;
  /** Its open todos, when known (the drawer's count), and how they relate: "its" or "on". */
  openTodos?: number;
  todosWord?: string;
  /** What happens to its todos. */
  question: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
  /** The dialog has gone (after its closing transition): focus may move then. */
  onExited?(): void;
}

export function DeleteNamedDialog({
  title,
  name,
  open,
  openTodos,
  todosWord = 'its',
  question,
  busy,
  onConfirm,
  onClose,
  onExited,
}: DeleteNamedDialogProps) {
  const titleId = useId();
  const textId = useId();
  const todos = openTodos === 1 ? 'todo' : 'todos';
  return (
    <Dialog
      open={open && name !== undefined}
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
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            <Box component="strong" sx={{ display: 'block', mb: 1, overflowWrap: 'anywhere' }}>
              Delete "<span dir="auto">{name}</span>"
              {openTodos ? ` and ${todosWord} ${openTodos} open ${todos}` : ''}?
            </Box>
            {question}
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
