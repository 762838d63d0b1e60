/**
 * The service worker's cache of API reads (see serviceWorkerConfig.ts). It holds one person's
 * todos, so it goes whenever a session starts or ends on this device: nobody signing in after
 * them can read it, and a logout leaves no answers behind.
 */
export const API_CACHE_NAME = 'ticklist-api';

/**
 * Workbox's expiration plugin keeps the cached reads' URLs (searches typed included) in this
 * IndexedDB database; the app's cache is its only user.
 */
export const API_CACHE_TIMES_DB = 'workbox-expiration';

export async function clearApiCache(): Promise<void> {
  // The worker holds the database open while it runs: the browser deletes it once the worker lets go.
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(API_CACHE_TIMES_DB);
  if (typeof caches === 'undefined') return; // no Cache Storage: plain HTTP other than localhost, old browsers
  await caches.delete(API_CACHE_NAME);
}
