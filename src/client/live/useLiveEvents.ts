/**
 * Keeps one live stream open while this tab is signed in (not while logging out), and turns its
 * events into cache invalidations, so lists refetch in place (no reload: scroll, dialogs and typed
 * text stay), and reminders into toasts. A new token (another user, a renewed session) opens a new stream.
 */
import { useEffect, useRef } from 'react';
import type { Session } from '../../shared/api-types';
import { api } from '../app/api';
import { hasLiveEvents } from '../app/features';
import type { AppDispatch } from '../app/store';
import type { SessionHandle } from '../session/sessionStore';
import { openLiveStream } from './liveStream';
import { showReminder } from './reminders';

export function useLiveEvents(dispatch: AppDispatch, session: Session | undefined, handle: SessionHandle): void {
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
      onReminder: showReminder,
      // The machine ignores it if the session has a new token by then.
      onUnauthorized: () => handle.send({ type: 'session.revoked', jwt }),
    });
  }, [dispatch, handle, jwt, userId]);
}
