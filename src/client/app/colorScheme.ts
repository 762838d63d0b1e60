/**
 * The colour scheme choice, as plain functions. MUI keeps the mode ('system', 'light' or 'dark')
 * in localStorage; the navbar's toggle shows the scheme on screen and offers the other one. A
 * press that lands on what the system prefers stores 'system' again, so the app goes back to
 * following the system; a press away from it stores that explicit choice.
 */
type ColorMode = 'system' | 'light' | 'dark';
export type Scheme = 'light' | 'dark';

/** localStorage key for the mode (MUI writes it; the e2e suites read it). */
export const COLOR_MODE_STORAGE_KEY = 'ticklist-color-mode';

export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The scheme on screen: the explicit choice, else the system's preference. */
export function shownScheme(mode: ColorMode | undefined, system: Scheme): Scheme {
  return mode === 'light' || mode === 'dark' ? mode : system;
}

/** The mode to store after one press of the toggle. */
export function nextMode(mode: ColorMode | undefined, system: Scheme): ColorMode {
  const target: Scheme = shownScheme(mode, system) === 'dark' ? 'light' : 'dark';
  return target === system ? 'system' : target;
}

/** The toggle's accessible name: what a press does. */
export function toggleLabel(shown: Scheme): string {
  return shown === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
}
