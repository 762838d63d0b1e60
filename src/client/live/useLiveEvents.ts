/**
 * Keeps one live stream open while this tab is signed in (not while logging out), and turns its
 * events into cache invalidations, so lists refetch in place (no reload: scroll, dialogs and typed
 * text stay), and reminders into toasts (with the buttons `reminderActions` gives). A new token (another user, a renewed session) opens a new stream.
 */
import { useEffect, useRef } from 'react';
import type { Session } from '../../shared/api-types';
import { api, type ApiExtra, type AppDispatch } from '../lib/api';
import { hasLiveEvents } from '../lib/features';
import type { SessionActorRef } from '../session';
import { openLiveStream } from './liveStream';
import { showReminder, type ReminderActions } from './reminders';

export function useLiveEvents(
  dispatch: AppDispatch,
  session: Session | undefined,
  extra: ApiExtra,
  handle: Pick<SessionActorRef, 'send'>,
  reminderActions?: ReminderActions,
): void {
  // Read when a reminder comes: new actions never reopen the stream.
  const actions = useRef(reminderActions);
  actions.current = reminderActions;
  const resumeFrom = useRef<{ userId: number; id: string } | undefined>(undefined);
  const jwt = session?.jwt;
  const userId = session?.user.id;
  useEffect(() => {
    if (jwt === undefined || userId === undefined || !hasLiveEvents()) return;
    const last = resumeFrom.current?.userId === userId ? resumeFrom.current.id : undefined;
    return openLiveStream({
      token: jwt,
      lastEventId: last,
      onTags: (tags) => dispatch(api.util.invalidateTags(tags)),
      onEventId: (id) => (resumeFrom.current = { userId, id }),
      onReminder: (reminder) => showReminder(reminder, actions.current),
      onUnauthorized: (afterOpen) => {
        // The token ended while the stream was open (a logout in another tab may not have removed
        // the stored session yet): leave as after a logout elsewhere. Refused from the start, it is
        // a token the server never took (or no longer did): an expiry, which the page shows.
        if (afterOpen) handle.send({ type: 'session.revoked', jwt });
        // A stream still holding a token the session has since replaced says nothing about the session.
        else if (extra.getToken() === jwt) extra.onUnauthorized();
      },
    });
  }, [dispatch, extra, handle, jwt, userId]);
}
