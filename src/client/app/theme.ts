/**
 * The MUI theme: a light and a dark colour scheme, one of which MUI's ThemeProvider applies from
 * the stored mode or the system preference (see colorScheme.ts). No CSS theme variables: the app
 * renders only in the browser, where they bought nothing, and their sheet was the largest piece
 * of CSS the first render parsed (Lighthouse, bench/README.md). Every colour pair here meets
 * WCAG AA: text 4.5:1, focus rings and other non-text marks 3:1, on the surfaces they sit on in
 * both schemes.
 */
import { createTheme } from '@mui/material/styles';
import { COLOR_MODE_STORAGE_KEY } from './colorScheme';

/** Contrast text for coloured surfaces (contained buttons, chips) is chosen to reach 4.5:1. */
const contrastThreshold = 4.5;

export const theme = createTheme({
  // MUI's keyboard focus ring on every button-like control and link: a 2px primary outline,
  // with a halo of the page colour on coloured bars (the app bar, toasts).
  focusVisible: true,
  colorSchemes: {
    light: {
      palette: {
        contrastThreshold,
        primary: { main: '#1565c0' }, // 5.8:1 on white
        success: { main: '#2e7d32' }, // white text 5.1:1
        error: { main: '#d32f2f' }, // 5.0:1 on white
      },
    },
    dark: {
      palette: {
        contrastThreshold,
        primary: { main: '#90caf9' }, // 10.7:1 on #121212, 6.7:1 on the most raised surface
        success: { main: '#66bb6a' },
        error: { main: '#f28b82' }, // 4.9:1 even on a dialog's raised surface
        AppBar: { darkBg: '#1e1e1e', darkColor: '#ffffff' },
      },
    },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // notistack's own success green (#43a047) gives white text only 3.3:1.
        '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
        '.notistack-MuiContent.notistack-MuiContent-error': { backgroundColor: '#c62828' },
        '.notistack-MuiContent.notistack-MuiContent-warning': {
          backgroundColor: '#ffb74d',
          color: 'rgba(0, 0, 0, 0.87)',
        },
        '.notistack-MuiContent.notistack-MuiContent-info': { backgroundColor: '#1565c0' },
      },
    },
    MuiAppBar: {
      styleOverrides: {
        // Dark: a flat surface a step above the page, not a translucent overlay (whose colour
        // contrast checkers cannot measure).
        root: ({ theme }) => theme.applyStyles('dark', { backgroundImage: 'none' }),
      },
    },
  },
});

/**
 * How the ThemeProvider picks the scheme: the mode stored under our key, else the system's
 * preference (MUI's 'system' default), read at once on the first render (no SSR here); no CSS
 * transitions run while the scheme switches.
 */
export const themeProviderProps = {
  theme,
  modeStorageKey: COLOR_MODE_STORAGE_KEY,
  noSsr: true,
  disableTransitionOnChange: true,
} as const;
