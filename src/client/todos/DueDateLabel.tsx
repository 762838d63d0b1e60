/** A todo's due date on its row ("Today", "Friday", "Dec 24"), in the error colour when overdue; a repeat icon on series occurrences. */
import EventIcon from '@mui/icons-material/Event';
import RepeatIcon from '@mui/icons-material/Repeat';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { dueLabel, localToday } from '../ui/dueDates';
import { visuallyHiddenSx } from '../ui/visuallyHidden';

interface DueDateLabelProps {
  dueDate: string | null | undefined;
  completed: boolean;
  recurring: boolean;
  /** "YYYY-MM-DD"; the reader's today unless given (tests, and one value per rendered list). */
  today?: string;
}

export function DueDateLabel({
  dueDate,
  completed,
  recurring,
  today = localToday(),
}: DueDateLabelProps) {
  if (!dueDate && !recurring) return null;
  const label = dueDate ? dueLabel(dueDate, completed, today) : undefined;
  return (
    <Box
      component="span"
      data-testid="todo-due"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        flexShrink: 0,
        typography: 'caption',
        fontWeight: label?.overdue ? 700 : 400,
        color: label?.overdue ? 'error.main' : 'text.secondary',
      }}
    >
      {label && (
        <>
          <EventIcon aria-hidden="true" sx={{ fontSize: 16 }} />
          {/* The colour alone would not tell a screen reader that it is late. */}
          <Box component="span" sx={visuallyHiddenSx}>
            {label.overdue ? 'Overdue, due ' : 'Due '}
          </Box>
          <Tooltip title={dueDate}>
            <span>{label.text}</span>
          </Tooltip>
        </>
      )}
      {recurring && <RepeatIcon titleAccess="Repeats" sx={{ fontSize: 16 }} />}
    </Box>
  );
}
