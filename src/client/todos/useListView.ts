/**
 * The list's view, kept in the URL's query string, with the view a user chose last (page size,
 * sort, order, status) remembered per user: /todos reached without view params (the navbar's Todos
 * link, a bookmark) shows the remembered view, while a URL that names a view (a shared link, a
 * reload) shows that one. A new user has nothing remembered, so the spec's defaults stand.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { usePreference } from '../lib/preferences';
import { useLatestSearchParams } from '../lib/useLatestSearchParams';
import {
  changeView,
  changesRemembered,
  defaultViewFor,
  hasViewParams,
  rememberedParams,
  viewFromParams,
  viewToParams,
  type TodoView,
} from './view';

/** The params with the remembered choices written in. */
function withRemembered(params: URLSearchParams, remembered: string): URLSearchParams {
  const next = new URLSearchParams(params);
  new URLSearchParams(remembered).forEach((value, key) => next.set(key, value));
  return next;
}

/** `scoped`: a project's or the Inbox's list, with its own defaults ("Your order") and memory. */
export function useListView(userId: number | undefined, scoped = false) {
  const [params, setParams] = useLatestSearchParams();
  const [remembered, setRemembered] = usePreference(userId, scoped ? 'scopedListView' : 'listView');
  const location = useLocation();
  const navigation = useNavigationType();
  // Back and forward show an entry as it was: only an arrival (this page's first location, or a
  // link followed since) takes the remembered view.
  const [firstKey] = useState(location.key);
  const [moved, setMoved] = useState(false);
  if (!moved && location.key !== firstKey) setMoved(true);
  const arriving = !moved || navigation !== 'POP';
  const restore = arriving && remembered !== '' && !hasViewParams(params);

  // Shown at once (no request for the default view first); the URL follows right after.
  const view = useMemo(
    () => viewFromParams(restore ? withRemembered(params, remembered) : params, scoped),
    [restore, params, remembered, scoped],
  );
  useEffect(() => {
    if (restore) setParams((current) => withRemembered(current, remembered), { replace: true });
  }, [restore, remembered, setParams]);

  const setView = useCallback(
    (change: Partial<TodoView>, replace = false) =>
      setParams(
        (current) => {
          const next = changeView(viewFromParams(current, scoped), change);
          // A choice made on purpose is remembered; a page step or a search is of the moment.
          if (changesRemembered(change)) setRemembered(rememberedParams(next, scoped));
          return viewToParams(next, scoped);
        },
        { replace },
      ),
    [setParams, setRemembered, scoped],
  );
  /** "Reset view": the list's defaults, remembered as such. */
  const resetView = useCallback(() => setView(defaultViewFor(scoped)), [setView, scoped]);

  return { view, setView, resetView };
}
