/** Storing or removing the session empties the service worker's cache of API answers. */
import { API_CACHE_NAME } from '../../../src/client/lib/apiCache';
import {
  readStoredSession,
  removeStoredSession,
  writeStoredSession,
} from '../../../src/client/session/storage';
import type { Session } from '../../../src/shared/api-types';

const session = {
  jwt: 'token',
  user: {
    id: 7,
    username: 'ann',
    email: 'ann@example.com',
    provider: 'local',
    confirmed: true,
    blocked: false,
  },
} as Session;

const cacheStorage = { delete: jest.fn(() => Promise.resolve(true)) };

beforeEach(() => {
  cacheStorage.delete.mockClear();
  Object.defineProperty(globalThis, 'caches', { value: cacheStorage, configurable: true });
});

afterEach(() => {
  delete (globalThis as { caches?: unknown }).caches;
  localStorage.clear();
});

describe('the stored session and the cached API answers', () => {
  it('a session that starts empties the cache: nothing of the previous person is left to read', () => {
    writeStoredSession(session);
    expect(readStoredSession()).toEqual(session);
    expect(cacheStorage.delete).toHaveBeenCalledWith(API_CACHE_NAME);
  });

  it('a session that ends (logout, expiry) empties it too', () => {
    writeStoredSession(session);
    cacheStorage.delete.mockClear();
    removeStoredSession();
    expect(readStoredSession()).toBeUndefined();
    expect(cacheStorage.delete).toHaveBeenCalledWith(API_CACHE_NAME);
  });

  it('works where the browser has no Cache Storage', () => {
    delete (globalThis as { caches?: unknown }).caches;
    expect(() => removeStoredSession()).not.toThrow();
  });
});
