/**
 * Page code fetched ahead of need. A session can end in another tab at any moment (a logout
 * there, or the token expiring), and this tab must then show the login page at once: waiting
 * for its chunk then is slow on a busy machine, and fails outright when the tab is offline.
 */
import { useEffect } from 'react';

/** The login page's code: the route loads it through React.lazy (router.tsx); preloading shares the module. */
export const loadLoginPage = () => import('../session/LoginPage');

/**
 * While `wanted`, runs `load` once the browser is idle (after the page's own work, so it never
 * competes with the first render). A failed fetch is left for the route to retry and report.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>, wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    const run = () => void load().catch(() => undefined);
    // Safari has no idle callbacks: a short timer after the render stands in.
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(run, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(run, 200);
    return () => clearTimeout(timer);
  }, [load, wanted]);
}
