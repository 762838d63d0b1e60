/**
 * A clear keyboard focus ring for the buttons, checkboxes and the "+" button inside an element:
 * MUI's own focus sign on them is a faint ripple, easy to miss. Text fields and selects keep
 * their thick focused border. Used as `sx` on the page and on each dialog (dialogs are portals).
 */
import type { Theme } from '@mui/material/styles';

export const focusRing = (theme: Theme) => ({
  '& .MuiButtonBase-root.Mui-focusVisible': {
    outline: `3px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
});
