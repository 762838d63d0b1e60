/**
 * Page code fetched ahead of need. A session can end in another tab at any moment (a logout
 * there, or the token expiring), and this tab must then show the login page at once: waiting
 * for its chunk then took 1.5 s on a busy machine, and fails outright when the tab is offline.
 */
import { useEffect } from 'react';

/** The login page's code: the route loads it through React.lazy (router.tsx); preloading shares the module. */
export const loadLoginPage = () => import('../session/LoginPage');

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * While `wanted`, runs `load` once the browser is idle (after the page's own work, so it never
 * competes with the first render). A failed fetch is left for the route to retry and report.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>, wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    const idle = window as IdleWindow;
    const run = () => void load().catch(() => undefined);
    if (idle.requestIdleCallback && idle.cancelIdleCallback) {
      const handle = idle.requestIdleCallback(run, { timeout: 2000 });
      return () => idle.cancelIdleCallback?.(handle);
    }
    const timer = window.setTimeout(run, 200);
    return () => window.clearTimeout(timer);
  }, [load, wanted]);
}
