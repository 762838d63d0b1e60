/**
 * Choices a user makes once and expects kept (how dates read, whether completed todos show, the
 * list's sort and page size): one localStorage key per user and choice, so two people sharing a
 * browser keep their own. Every component reading a choice re-renders when it changes, in this tab
 * or another.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface Preferences {
  /** Rows' "Created at:" and "Updated at:": the spec's full date, or "5 min ago". */
  dates: 'absolute' | 'relative';
  /** The list leaves completed todos out (unless its Status filter asks for them). */
  hideCompleted: boolean;
  /** The list's last chosen page size, sort, order and status as a query string ('' = the spec's). */
  listView: string;
  /** The same for the project and Inbox lists, whose default sort is the user's own order. */
  scopedListView: string;
}

export const DEFAULT_PREFERENCES: Preferences = {
  dates: 'absolute',
  hideCompleted: false,
  listView: '',
  scopedListView: '',
};

const keyFor = (userId: number | undefined, name: keyof Preferences) =>
  `ticklist:preference:${userId ?? 'anonymous'}:${name}`;

const listeners = new Set<() => void>();
/** Choices a browser refused to store (private windows may): kept for this tab's life instead. */
const unstored = new Map<string, string>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored text of a choice; a browser that refuses storage just has no stored choices. */
function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? unstored.get(key) ?? null;
  } catch {
    return unstored.get(key) ?? null;
  }
}

function parse<K extends keyof Preferences>(name: K, raw: string | null): Preferences[K] {
  const fallback = DEFAULT_PREFERENCES[name];
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === typeof fallback ? (value as Preferences[K]) : fallback;
  } catch {
    return fallback;
  }
}

/** Stores one choice of one user and tells every reader in this tab. */
export function setPreference<K extends keyof Preferences>(
  userId: number | undefined,
  name: K,
  value: Preferences[K],
): void {
  const key = keyFor(userId, name);
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    unstored.set(key, JSON.stringify(value));
  }
  listeners.forEach((listener) => listener());
}

/** One choice of a user and its setter. */
export function usePreference<K extends keyof Preferences>(
  userId: number | undefined,
  name: K,
): [Preferences[K], (value: Preferences[K]) => void] {
  const key = keyFor(userId, name);
  const raw = useSyncExternalStore(subscribe, () => readRaw(key));
  const set = useCallback(
    (value: Preferences[K]) => setPreference(userId, name, value),
    [userId, name],
  );
  return [parse(name, raw), set];
}
