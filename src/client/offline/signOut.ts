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
 * Removes the user's queued writes, waiting or refused, and the list of the reads the service
 * worker cached for them: nobody signing in after them may read their titles or searches.
 */
export async function discardOfflineData(userId: number): Promise<void> {
  // Without IndexedDB nothing was kept, and the sign-out goes ahead either way.
  await Promise.all([
    writeQueue.clear(userId).catch(() => undefined),
    clearCachedReadTimes().catch(() => undefined),
  ]);
}
