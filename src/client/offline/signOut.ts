/**
 * What a sign-out the user asked for does to this device's offline data. Loaded only when a
 * sign-out starts (see useSignOut), so the pages that show the Logout item do not carry the queue.
 */
import { writeQueue } from './queue';

/** How many of the user's changes have not reached the server (none where IndexedDB cannot be read: nothing was kept). */
export async function unsentChanges(userId: number): Promise<number> {
  try {
    return await writeQueue.unsent(userId);
  } catch {
    return 0;
  }
}

/** Removes the user's queued writes, waiting or refused: nobody signing in after them may read their titles. */
export async function discardOfflineData(userId: number): Promise<void> {
  try {
    await writeQueue.clear(userId);
  } catch {
    // Without IndexedDB nothing was kept, and the sign-out goes ahead either way.
  }
}
