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
  inbox: '/inbox',
  project: '/projects/:id',
  today: '/today',
  trash: '/trash',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** A reminder mail's action link (`?token=`): says what it does, and does it on a click. */
  reminderAction: '/reminder',
} as const;

/** A path with a parameter (`/projects/:id`) as a pattern: the parameter is an id (digits). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[a-z]+/gi, '[1-9][0-9]{0,9}')}$`);

/**
 * Whether the SPA has a page at `pathname`, matched as React Router does: ignoring case and a
 * trailing slash. A project's page is any id: whether it is the caller's is for the page to say.
 */
export const isPagePath = (pathname: string): boolean => {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  // Built here, not at load: the SPA imports this module for PAGE_PATHS alone.
  return Object.values(PAGE_PATHS).some((known) => patternOf(known).test(path));
};
