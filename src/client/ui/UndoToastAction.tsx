/** A button inside a toast (Undo, Retry): a real button, so Tab reaches it and Enter or Space press it. */
import Button from '@mui/material/Button';
import type { RefObject } from 'react';

interface UndoToastActionProps {
  onUndo(): void;
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** The button's text; Undo unless said otherwise. */
  label?: string;
}

export function UndoToastAction({ onUndo, buttonRef, label = 'Undo' }: UndoToastActionProps) {
  return (
    <Button
      ref={buttonRef}
      // Marks a focus placed on purpose (an Undo offered on the way to a new page): see ListControls.
      data-toast-action=""
      color="inherit"
      size="small"
      onClick={onUndo}
      sx={{
        fontWeight: 700,
        textDecoration: 'underline',
        '&.Mui-focusVisible, &:focus-visible': {
          outline: '2px solid currentColor',
          outlineOffset: 2,
        },
      }}
    >
      {label}
    </Button>
  );
}
