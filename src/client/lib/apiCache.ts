/**
 * The service worker's cache of API reads (see serviceWorkerConfig.ts). It holds one person's
 * todos, so it goes whenever a session starts or ends on this device: nobody signing in after
 * them can read it, and a logout leaves no answers behind.
 */
export const API_CACHE_NAME = 'ticklist-api';

export async function clearApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return; // no Cache Storage: plain HTTP other than localhost, old browsers
  await caches.delete(API_CACHE_NAME);
}
