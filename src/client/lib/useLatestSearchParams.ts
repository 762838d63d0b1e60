/**
 * React Router's useSearchParams, but a functional update sees the latest params, also those written
 * a moment ago and not rendered yet. React Router's own hands the function the params of the last
 * render (its navigation renders in a transition), so two quick changes on a busy device (the sort
 * field, then the order) lost the first one.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router-dom';

export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // A navigation from elsewhere (back, a link) replaces what this hook wrote last.
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(latest.current));
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update] as const;
}
