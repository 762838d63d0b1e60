/**
 * The stored session: one localStorage key holding { jwt, user } exactly as the login call answers.
 * Whenever it is written or removed (a session starts, is renewed or ends), the service worker's
 * cached API answers go too: they belong to whoever was signed in before.
 */
import type { Session } from '../../shared/api-types';
import { clearApiCache } from '../lib/apiCache';

export const SESSION_STORAGE_KEY = 'user';

/** The shape of { jwt, user } as the login and register calls answer it. */
export const isSession = (value: unknown): value is Session => {
  const session = value as Session | null;
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.jwt === 'string' &&
    typeof session.user === 'object' &&
    session.user !== null &&
    typeof session.user.id === 'number' &&
    typeof session.user.username === 'string'
  );
};

export function readStoredSession(storage: Storage = localStorage): Session | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    return isSession(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredSession(session: Session, storage: Storage = localStorage): void {
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  void clearApiCache();
}

export function removeStoredSession(storage: Storage = localStorage): void {
  storage.removeItem(SESSION_STORAGE_KEY);
  void clearApiCache();
}

/** Removes the stored session only if it still holds this token (another tab may have stored its own since). */
export function removeStoredSessionOf(
  jwt: string | undefined,
  storage: Storage = localStorage,
): void {
  if (jwt !== undefined && readStoredSession(storage)?.jwt === jwt) removeStoredSession(storage);
}

/**
 * Calls `onChange` with the stored session (or undefined) whenever another tab of this origin
 * changes or clears it. The browser fires `storage` events in the other tabs only, never in the
 * one that wrote, so a tab that follows a change (and writes nothing) cannot start a loop.
 * Returns the unsubscribe function.
 */
export function watchStoredSessionElsewhere(
  onChange: (session: Session | undefined) => void,
  target: Window = window,
): () => void {
  const storage = target.localStorage;
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== null && event.storageArea !== storage) return; // sessionStorage
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return; // null key: storage cleared
    onChange(readStoredSession(storage));
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
