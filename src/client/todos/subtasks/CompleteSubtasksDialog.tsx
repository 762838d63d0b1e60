/**
 * Asked when a todo with open subtasks is ticked: "Complete all" completes them with it, "Only this
 * one" completes the todo alone, Cancel leaves everything as it was.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SubmitButton } from '../../ui/SubmitButton';

export type SubtaskChoice = 'all' | 'one';

interface CompleteSubtasksDialogProps {
  open: boolean;
  /** The open subtasks under the todo, at every level. */
  count: number;
  /** The choice being sent, if any: its button shows the spinner. */
  busy?: SubtaskChoice;
  onChoose(choice: SubtaskChoice): void;
  onClose(): void;
}

export const completeQuestion = (count: number) =>
  `Complete its ${count} open ${count === 1 ? 'subtask' : 'subtasks'} too?`;

export function CompleteSubtasksDialog({
  open,
  count,
  busy,
  onChoose,
  onClose,
}: CompleteSubtasksDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Complete this todo</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{completeQuestion(count)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <SubmitButton
          type="button"
          variant="outlined"
          loading={busy === 'one'}
          disabled={busy !== undefined}
          onClick={() => onChoose('one')}
        >
          Only this one
        </SubmitButton>
        <SubmitButton
          type="button"
          loading={busy === 'all'}
          disabled={busy !== undefined}
          onClick={() => onChoose('all')}
        >
          Complete all
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
