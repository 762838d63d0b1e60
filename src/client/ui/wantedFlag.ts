/**
 * A flag that turns on once: a lazily loaded part of the app (the toast host, the session actor)
 * is now wanted. Readable with useSyncExternalStore (`subscribe`, `isWanted`).
 */
export interface WantedFlag {
  want(): void;
  isWanted(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createWantedFlag(initially = false): WantedFlag {
  let wanted = initially;
  const listeners = new Set<() => void>();
  return {
    want() {
      if (wanted) return;
      wanted = true;
      listeners.forEach((listener) => listener());
    },
    isWanted: () => wanted,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
