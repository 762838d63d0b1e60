/**
 * The login page's code. A session can end in another tab at any moment (a logout there, or the
 * token expiring), and this tab must then show the login page at once: waiting for its chunk then
 * is slow on a busy machine, and fails outright when the tab is offline. So the layout preloads it
 * while signed in, and the route loads it through React.lazy (router.tsx): both share the module.
 */
export const loadLoginPage = () => import('../session/LoginPage');
