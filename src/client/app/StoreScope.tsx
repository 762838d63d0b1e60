/**
 * The Redux store (RTK Query's cache of server data) for the pages that read todos: a layout route
 * around the signed-in pages, loaded with them, so the sign-in pages' first load carries no Redux.
 * One store while the visitor moves between those pages; a new one after leaving them. The live
 * event stream lives here too: it only matters where there is a cache to refresh.
 */
import { useEffect, useMemo, useState } from 'react';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import { Outlet, useNavigate } from 'react-router-dom';
import { useLiveEvents } from '../live/useLiveEvents';
import { useRefetchWhenControlled } from '../offline/useRefetchWhenControlled';
import { useWriteQueue } from '../offline/useWriteQueue';
import {
  useApiExtra,
  useSessionActor,
  useSessionSelector,
  useSessionUser,
} from '../session/SessionProvider';
import { isLoggingOut } from '../session/sessionView';
import { api } from '../lib/api';
import { reminderActions } from '../todos';
import { createAppStore } from './store';

export default function StoreScope() {
  const extra = useApiExtra();
  const [store] = useState(() => createAppStore(extra));
  const session = useSessionActor();
  // The signed-in user's offline writes are sent from here, whichever page is open.
  useWriteQueue(store.dispatch, session, useSessionUser()?.id);
  // Closed as this tab's logout starts: the server then ends the stream, which says nothing new.
  const live = useSessionSelector((snapshot) =>
    isLoggingOut(snapshot) ? undefined : snapshot.context.session,
  );
  const navigate = useNavigate();
  const reminders = useMemo(
    () => reminderActions(store.dispatch, (to) => void navigate(to)),
    [store, navigate],
  );
  useLiveEvents(store.dispatch, live, extra, session, reminders);
  // Focus and online events drive the api's refetchOnFocus and refetchOnReconnect.
  useEffect(() => setupListeners(store.dispatch), [store]);
  // Lists read before the service worker took control are read again through it, for offline use.
  useRefetchWhenControlled(store.dispatch);
  // Nothing cached for one session may reach the next. Reset when a session starts and at logout;
  // not on expiry, where the page that saw it stays up to show its error (a reset would refetch).
  useEffect(() => {
    const reset = () => store.dispatch(api.util.resetApiState());
    const started = session.on('session.started', reset);
    const ended = session.on('session.ended', (event) => event.reason === 'logout' && reset());
    return () => {
      started.unsubscribe();
      ended.unsubscribe();
    };
  }, [session, store]);
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}
