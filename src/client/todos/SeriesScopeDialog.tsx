/**
 * Asked when a change or a delete touches an open occurrence of a recurring todo: "This one" keeps
 * the other occurrences as they are, "This and following" changes (or, for a delete, ends) the
 * series from here on.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { SubmitButton } from '../ui/SubmitButton';
import type { SeriesScope } from './todosApi';

const SCOPE_TEXTS = {
  edit: {
    title: 'Change a recurring todo',
    text: 'This todo repeats. Change only this one, or this one and the following ones?',
  },
  delete: {
    title: 'Delete a recurring todo',
    text: 'This todo repeats. Delete only this one (the series goes on), or this one and the following ones (the series ends)?',
  },
} as const;

/** Whether a change or a delete of this todo must ask: an open occurrence of a series. */
export const asksScope = (todo: TodoEntity | undefined): boolean =>
  Boolean(todo?.attributes.seriesId) && !todo?.attributes.completed;

interface SeriesScopeDialogProps {
  open: boolean;
  kind: 'edit' | 'delete';
  /** The scope being sent, if any: its button shows the spinner. */
  busy?: SeriesScope;
  onChoose(scope: SeriesScope): void;
  onClose(): void;
}

export function SeriesScopeDialog({ open, kind, busy, onChoose, onClose }: SeriesScopeDialogProps) {
  const titleId = useId();
  const textId = useId();
  const { title, text } = SCOPE_TEXTS[kind];
  const color = kind === 'delete' ? 'error' : 'primary';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        <SubmitButton
          type="button"
          variant="outlined"
          color={color}
          loading={busy === 'this'}
          disabled={busy !== undefined}
          onClick={() => onChoose('this')}
        >
          This one
        </SubmitButton>
        <SubmitButton
          type="button"
          color={color}
          loading={busy === 'following'}
          disabled={busy !== undefined}
          onClick={() => onChoose('following')}
        >
          This and following
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
