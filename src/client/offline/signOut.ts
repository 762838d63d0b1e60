/** What a sign-out the user asked for does to this device's offline data (see useSignOut). */
import { clearCachedReadTimes } from '../lib/apiCache';
import { writeQueue } from './queue';

/** How many of the user's changes have not reached the server (none where IndexedDB cannot be read: nothing was kept). */
export async function unsentChanges(userId: number): Promise<number> {
  try {
    return await writeQueue.unsent(userId);
  } catch {
    return 0;
  }
}

/**
 * Ends this browser's push subscription: the user's reminders stop showing here, and the server
 * removes the device the next time its push service answers 410 for it.
 */
async function unsubscribePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager?.getSubscription())?.unsubscribe();
}

/**
 * Removes the user's queued writes, waiting or refused, the list of the reads the service worker
 * cached for them and the browser's push subscription: nobody signing in after them may read their
 * titles or searches, nor see their reminders.
 */
export async function discardOfflineData(userId: number): Promise<void> {
  // Without IndexedDB nothing was kept, and the sign-out goes ahead either way.
  await Promise.all([
    writeQueue.clear(userId).catch(() => undefined),
    clearCachedReadTimes().catch(() => undefined),
    unsubscribePush().catch(() => undefined),
  ]);
}
