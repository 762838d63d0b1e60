/**
 * The offline write queue: todo writes that have not reached the server, kept in order in a
 * WriteStore (IndexedDB) for the signed-in user, and replayed one at a time with their own keys.
 * Another user's writes stay in the store untouched until that user signs in here again, or until
 * that user signs out here on purpose (then they are removed).
 */
import type { TodoAttributes } from '../../shared/api-types';
import { replayWrite, type Send } from './replayWrite';
import type { QueuedWrite, WriteStore } from './writeTypes';
import { queuedDates } from './queuedDates';

export interface ReplayReport {
  /** A conflict was settled by keeping both versions: tell the user where theirs went. */
  notice(message: string): void;
  /** The server refused a write; it stays on screen with this message. */
  refused(message: string): void;
}

/** Runs the replay so that two tabs never send the same write at once (Web Locks where there are). */
type Lock = (run: () => Promise<void>) => Promise<void>;

const webLock: Lock = (run) =>
  typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('ticklist-write-queue', run)
    : run();

export type NewWrite = Omit<QueuedWrite, 'seq' | 'userId' | 'createdAt'>;

/** Writes still to send (a refused one is kept to be seen, not sent again). */
export const waiting = (writes: readonly QueuedWrite[]) => writes.filter((write) => !write.error);

export function createWriteQueue(store: WriteStore, lock: Lock = webLock) {
  let userId: number | undefined;
  let writes: readonly QueuedWrite[] = [];
  const listeners = new Set<() => void>();
  const storedListeners = new Set<() => void>();
  let idle: (() => void)[] = [];

  const publish = (next: readonly QueuedWrite[]) => {
    writes = next;
    listeners.forEach((listener) => listener());
    if (waiting(writes).length > 0) return;
    idle.forEach((resolve) => resolve());
    idle = [];
  };
  const reload = async (user: number) => {
    const stored = await store.list(user);
    if (userId === user) publish(stored);
  };

  /** After an add reached the server, later writes to its temporary id go to its real id. */
  const remap = async (user: number, from: number, to: number) => {
    for (const write of await store.list(user)) {
      if (write.todoId === from) await store.put({ ...write, todoId: to, path: `todos/${to}` });
    }
  };

  return {
    /** The signed-in user's writes, oldest first (for useSyncExternalStore). */
    getWrites: () => writes,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    userId: () => userId,
    /** Loads a user's queue (undefined: nobody signed in). Without IndexedDB the queue stays off. */
    async load(user: number | undefined) {
      userId = user;
      publish([]);
      if (user === undefined) return;
      try {
        await reload(user);
      } catch {
        if (userId === user) userId = undefined;
      }
    },
    /** Keeps a write for the signed-in user; resolves once it is stored. */
    async enqueue(write: NewWrite): Promise<QueuedWrite> {
      const user = userId;
      if (user === undefined) throw new Error('no signed-in user to queue a write for');
      const saved = await store.add({
        ...write,
        userId: user,
        createdAt: new Date().toISOString(),
      });
      if (userId === user) publish([...writes, saved]);
      storedListeners.forEach((listener) => listener());
      return saved;
    },
    /** Called after this tab changed the stored writes (a write queued, a user's writes removed). */
    onStored(listener: () => void) {
      storedListeners.add(listener);
      return () => void storedListeners.delete(listener);
    },
    /** How many of a user's writes wait to be sent (read from the store: the queue need not be loaded). */
    async unsent(user: number): Promise<number> {
      return waiting(await store.list(user)).length;
    },
    /** Removes all of a user's writes, waiting or refused: that user signed out on purpose, or deleted the account. */
    async clear(user: number) {
      await store.removeUser(user);
      if (userId === user) publish([]);
      storedListeners.forEach((listener) => listener());
    },
    /** Reads the store again (another tab changed it). */
    async refresh() {
      if (userId !== undefined) await reload(userId);
    },
    /** Drops a write the server refused, once the user has seen it. */
    async discard(seq: number) {
      await store.remove(seq);
      if (userId !== undefined) await reload(userId);
    },
    /** The queued add's todo as it is shown, for writes made to it before it reached the server. */
    localTodo(todoId: number): TodoAttributes | undefined {
      const add = writes.find((write) => write.method === 'POST' && write.todoId === todoId);
      if (!add) return undefined;
      const data = add.body?.data ?? {};
      const at = add.createdAt;
      return {
        title: String(data.title ?? ''),
        description: (data.description as string | undefined) ?? null,
        completed: false,
        createdAt: at,
        updatedAt: at,
        ...queuedDates(data),
      };
    },
    /** Resolves when nothing of the signed-in user's waits to be sent. */
    whenEmpty(): Promise<void> {
      if (waiting(writes).length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    /**
     * Sends the signed-in user's writes in order: how many reached the server, and whether one got
     * no answer (it and the rest then wait for the next try).
     */
    async replay(send: Send, report: ReplayReport): Promise<{ sent: number; stopped: boolean }> {
      const user = userId;
      const result = { sent: 0, stopped: false };
      if (user === undefined) return result;
      await lock(async () => {
        // The first waiting write, read again each time: another tab may have sent some meanwhile,
        // and an add that reached the server gave later writes its real id.
        for (
          let write = waiting(await store.list(user))[0];
          write;
          write = waiting(await store.list(user))[0]
        ) {
          if (userId !== user) return; // signed out or another user: their token must not carry these
          const outcome = await replayWrite(write, send);
          if (outcome.kind === 'stopped') {
            result.stopped = true;
            break;
          }
          result.sent += 1;
          if (outcome.kind === 'refused') {
            await store.put({ ...write, error: outcome.message });
            report.refused(outcome.message);
          } else {
            if (outcome.kind === 'sent' && write.method === 'POST' && outcome.id !== undefined)
              await remap(user, write.todoId, outcome.id);
            if (outcome.kind === 'conflict') report.notice(outcome.notice);
            await store.remove(write.seq!);
          }
          if (userId === user) publish(await store.list(user));
        }
      });
      if (userId === user) await reload(user);
      return result;
    },
  };
}
