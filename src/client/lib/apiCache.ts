/**
 * The service worker's cache of API reads (see serviceWorkerConfig.ts) and Workbox's list of them
 * (its expiration plugin keeps, in IndexedDB, the URL and time of every read cached: searches
 * typed included). Both hold one person's data, so both go whenever a session starts or ends on
 * this device: nobody signing in after them can read it, and a logout leaves nothing behind (a read
 * answered just before the logout may list itself after the sign-out emptied the list: this second
 * emptying, once the session has ended, catches it).
 */
import { openDB } from 'idb';

export const API_CACHE_NAME = 'ticklist-api';
const TIMES_DATABASE = 'workbox-expiration';
const TIMES_STORE = 'cache-entries';

/**
 * Empties the list of cached reads, never deleting the database the worker holds open (a deletion
 * would wait for it) nor creating one that is not there (Workbox would then find it without its store).
 */
export async function clearCachedReadTimes(): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  if (!(await indexedDB.databases()).some((database) => database.name === TIMES_DATABASE)) return;
  const database = await openDB(TIMES_DATABASE);
  try {
    if (database.objectStoreNames.contains(TIMES_STORE)) await database.clear(TIMES_STORE);
  } finally {
    database.close();
  }
}

export async function clearApiCache(): Promise<void> {
  await Promise.all([
    // No Cache Storage: plain HTTP other than localhost, old browsers.
    typeof caches === 'undefined' ? undefined : caches.delete(API_CACHE_NAME),
    clearCachedReadTimes().catch(() => undefined),
  ]);
}
