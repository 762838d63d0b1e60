/**
 * NavLink marks the current page's link `.active` (and `aria-current="page"`) with an underline
 * and a shade: darker on the light theme's blue bar (a lighter blue would drop white text below
 * 4.5:1), lighter on the dark theme's grey one. Used by the bar's links and the small-screen menu.
 */
import type { SxProps, Theme } from '@mui/material/styles';

export const activeSx: SxProps<Theme> = (theme) => ({
  '&.active': {
    bgcolor: 'rgba(0, 0, 0, 0.24)',
    boxShadow: 'inset 0 -2px 0 currentColor',
    ...theme.applyStyles('dark', { bgcolor: 'rgba(255, 255, 255, 0.12)' }),
  },
});
