/**
 * A todo's priority on its row: a flag coloured per level (high red, medium orange, low blue) with
 * the level's name beside it, so colour is never the only sign; no priority shows nothing. The flag
 * is an image named "High priority" (etc.) by its SVG title, not an aria-label, so finding the
 * Priority filter by its label finds that control alone. Each colour meets 4.5:1 on the list's surface in its
 * scheme (light on white, dark on #121212), as the theme's own colours do.
 */
import FlagIcon from '@mui/icons-material/Flag';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { Priority } from '../../shared/priority';
import { PRIORITY_NAMES, priorityLabel } from './priorityNames';

/** [light, dark] per level. */
export const PRIORITY_COLORS: Record<Exclude<Priority, 0>, readonly [string, string]> = {
  3: ['#c62828', '#f28b82'], // 5.6:1 on white, 7.8:1 on #121212
  2: ['#b45309', '#ffb74d'], // 5.0:1, 10.8:1
  1: ['#1565c0', '#90caf9'], // 5.8:1, 10.7:1
};

export function PriorityFlag({ priority }: { priority: Priority | null | undefined }) {
  if (!priority) return null;
  const [light, dark] = PRIORITY_COLORS[priority];
  return (
    <Box
      component="span"
      data-testid="todo-priority"
      data-priority={priority}
      sx={(theme: Theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        flexShrink: 0,
        typography: 'caption',
        fontWeight: 600,
        color: light,
        ...theme.applyStyles('dark', { color: dark }),
      })}
    >
      <FlagIcon titleAccess={priorityLabel(priority)} sx={{ fontSize: 16 }} />
      <span aria-hidden="true">{PRIORITY_NAMES[priority]}</span>
    </Box>
  );
}
