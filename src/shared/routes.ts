/**
 * The SPA's page paths, in one place: the client router takes its paths from here, and the server
 * answers any other page path with the app and status 404 (the app then shows its 404 page).
 */
export const PAGE_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  profile: '/profile',
  todos: '/todos',
  today: '/today',
  trash: '/trash',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** A reminder mail's action link (`?token=`): says what it does, and does it on a click. */
  reminderAction: '/reminder',
} as const;

const KNOWN: readonly string[] = Object.values(PAGE_PATHS);

/** Whether the SPA has a page at `pathname`, matched as React Router does: ignoring case and a trailing slash. */
export const isPagePath = (pathname: string): boolean =>
  KNOWN.includes(pathname.toLowerCase().replace(/(.)\/$/, '$1'));
