/**
 * Workbox's expiration plugin keeps, in IndexedDB, the URL and time of every read the service
 * worker cached (see serviceWorkerConfig.ts): searches typed included. The cache itself goes at
 * every sign-in and sign-out (apiCache.ts); this list goes when a user signs out on purpose.
 */
import { openDB } from 'idb';

const DATABASE = 'workbox-expiration';
const ENTRIES = 'cache-entries';

/**
 * Empties the list, never deleting the database the worker holds open (a deletion would wait for
 * it) nor creating one that is not there (Workbox would then find it without its store).
 */
export async function clearCachedReadTimes(): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  if (!(await indexedDB.databases()).some((database) => database.name === DATABASE)) return;
  const database = await openDB(DATABASE);
  try {
    if (database.objectStoreNames.contains(ENTRIES)) await database.clear(ENTRIES);
  } finally {
    database.close();
  }
}
