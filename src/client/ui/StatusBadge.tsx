/** A todo's badge: "Completed" (green accent) or "Pending" (grey accent), as the spec names them. */
import Chip from '@mui/material/Chip';

export function StatusBadge({ completed }: { completed: boolean }) {
  return (
    <Chip
      size="small"
      label={completed ? 'Completed' : 'Pending'}
      color={completed ? 'success' : 'default'}
      variant={completed ? 'filled' : 'outlined'}
      sx={{ flexShrink: 0 }}
    />
  );
}
