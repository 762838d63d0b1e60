/** The frame of every page but the login page (a route-level chunk: see Layout and router.tsx). */
export const loadSessionFrame = () => import('./SessionFrame');
