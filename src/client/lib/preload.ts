/**
 * Code fetched ahead of need, once the browser has nothing better to do: a route's chunk that is
 * likely wanted soon (the login page while signed in) is then at hand at once, even when the tab
 * has gone offline meanwhile.
 */
import { useEffect } from 'react';

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
