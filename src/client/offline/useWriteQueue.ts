/**
 * Runs the signed-in user's write queue while the app's store is up: loads it, replays it on
 * start and whenever the network comes back or a write is queued (retrying with backoff while the
 * browser thinks it is online), refreshes the lists once writes landed, and holds a new release
 * back until the queue is empty.
 */
import { enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { api, backoffDelay, TODO_TAGS, type AppDispatch } from '../lib/api';
import type { SessionActorRef } from '../session';
import { isOnline } from './network';
import { writeQueue } from './queue';
import { replayApi } from './replayApi';
import type { Send } from './replayWrite';
import { setUpdateGate } from './updateGate';
import { waiting, type ReplayReport } from './writeQueue';

const NOTICE_MS = 10_000;
const LOGOUT_PENDING_MESSAGE =
  'Some changes are not sent yet: they will be sent when you sign in again on this device.';

const report: ReplayReport = {
  notice: (message) =>
    void enqueueSnackbar(message, { variant: 'warning', autoHideDuration: NOTICE_MS }),
  refused: (message) =>
    void enqueueSnackbar(`Not saved: ${message}`, {
      variant: 'error',
      autoHideDuration: NOTICE_MS,
    }),
};

export function useWriteQueue(
  dispatch: AppDispatch,
  session: Pick<SessionActorRef, 'on'>,
  userId: number | undefined,
): void {
  useEffect(() => {
    let active = true;
    let running = false;
    let again = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const channel =
      typeof BroadcastChannel === 'undefined'
        ? undefined
        : new BroadcastChannel('ticklist-write-queue');

    const send: Send = (request) =>
      dispatch(replayApi.endpoints.sendQueuedWrite.initiate(request)).unwrap();
    const run = async () => {
      if (running) return void (again = true);
      if (!active || !isOnline() || waiting(writeQueue.getWrites()).length === 0) return;
      running = true;
      clearTimeout(timer);
      const { sent, stopped } = await writeQueue
        .replay(send, report)
        .finally(() => (running = false));
      if (sent > 0) {
        // The server's truth replaces what the queue showed.
        dispatch(api.util.invalidateTags([TODO_TAGS.list, TODO_TAGS.status, TODO_TAGS.trash]));
        channel?.postMessage('changed');
      }
      attempt = stopped ? attempt + 1 : 0;
      if (stopped && active) timer = setTimeout(() => void run(), backoffDelay(attempt));
      if (again) {
        again = false;
        void run();
      }
    };
    const runSoon = () => void run();

    void writeQueue.load(userId).then(runSoon);
    const unstored = writeQueue.onStored(() => {
      channel?.postMessage('changed');
      runSoon();
    });
    if (channel) channel.onmessage = () => void writeQueue.refresh();
    window.addEventListener('online', runSoon);
    setUpdateGate(() => writeQueue.whenEmpty());
    // A sign-out asked for in this tab removed them already (useSignOut). A session that ended
    // otherwise (expired, another tab, the server) keeps them for this user, sent at their next sign-in here.
    const ended = session.on('session.ended', (event) => {
      if (event.reason === 'logout' && waiting(writeQueue.getWrites()).length > 0)
        enqueueSnackbar(LOGOUT_PENDING_MESSAGE, { variant: 'warning' });
    });
    return () => {
      active = false;
      clearTimeout(timer);
      unstored();
      channel?.close();
      window.removeEventListener('online', runSoon);
      ended.unsubscribe();
    };
  }, [dispatch, session, userId]);
}
