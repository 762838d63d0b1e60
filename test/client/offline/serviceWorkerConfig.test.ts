/**
 * @jest-environment node
 */
/** Which API reads the service worker keeps, and that it keeps them apart per bearer token. */
import {
  isCachedApiRead,
  keyPerToken,
  pwaOptions,
} from '../../../src/client/offline/serviceWorkerConfig';

const read = (path: string, method = 'GET') => {
  const url = new URL(path, 'https://ticklist.test');
  return isCachedApiRead({ url, request: new Request(url, { method }) });
};

describe('the service worker configuration', () => {
  it('keeps the list reads and the user, never the event stream, an export, a single todo or a write', () => {
    expect(read('/api/todos?pagination[page]=2&sort=title:desc')).toBe(true);
    expect(read('/api/todos/trash?pagination[page]=1')).toBe(true);
    expect(read('/api/users/me')).toBe(true);
    expect(read('/api/todos/events')).toBe(false);
    expect(read('/api/users/me/export?format=csv')).toBe(false);
    expect(read('/api/todos/7')).toBe(false);
    expect(read('/api/todos', 'POST')).toBe(false);
    expect(read('/todos')).toBe(false);
  });

  it('keys a cached answer by URL and bearer token: another token never reads it', async () => {
    const request = (token: string) =>
      new Request('https://ticklist.test/api/todos?pagination[page]=1', {
        headers: { authorization: `Bearer ${token}` },
      });
    const ann = await keyPerToken({ request: request('ann-token') });
    expect(await keyPerToken({ request: request('ann-token') })).toBe(ann);
    expect(await keyPerToken({ request: request('bob-token') })).not.toBe(ann);
    expect(ann).not.toContain('ann-token');
    expect(new URL(ann).searchParams.get('pagination[page]')).toBe('1');
  });

  it('answers from the cache only when the network fails, caches only successful answers and never navigates the server paths to the app', () => {
    const [api] = pwaOptions.workbox?.runtimeCaching ?? [];
    expect(api?.handler).toBe('NetworkFirst');
    // With a network timeout a slow server's reads would get the cached answer while online.
    expect(api?.options?.networkTimeoutSeconds).toBeUndefined();
    expect(api?.options?.cacheableResponse).toEqual({ statuses: [200] });
    const denied = pwaOptions.workbox?.navigateFallbackDenylist ?? [];
    const isDenied = (path: string) => denied.some((pattern) => pattern.test(path));
    expect(isDenied('/api/auth/email-confirmation')).toBe(true);
    expect(isDenied('/api/docs')).toBe(true);
    expect(isDenied('/todos')).toBe(false);
    expect(isDenied('/reset-password')).toBe(false);
  });
});
