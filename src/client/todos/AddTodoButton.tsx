/** The list's round Add button. */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import type { Ref } from 'react';

interface AddTodoButtonProps {
  ref: Ref<HTMLButtonElement>;
  onClick(): void;
}

/**
 * Sticky, not fixed: it floats over the rows while they scroll past, but at the end of the page it
 * sits in a line of its own under Next, never over it, a row's Delete or the footer.
 */
export function AddTodoButton({ ref, onClick }: AddTodoButtonProps) {
  return (
    <Box sx={lineSx}>
      <Fab
        ref={ref}
        color="primary"
        aria-label="Add todo"
        onClick={onClick}
        sx={{ pointerEvents: 'auto' }}
      >
        <AddIcon />
      </Fab>
    </Box>
  );
}

const lineSx = {
  position: 'sticky',
  bottom: { xs: 16, sm: 32 },
  mt: 2,
  display: 'flex',
  justifyContent: 'flex-end',
  pointerEvents: 'none', // the line's empty part lets clicks through to the rows under it
} as const;
