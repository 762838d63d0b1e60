/** What the offline write queue keeps: one todo write that has not reached the server yet. */
import type { TodoAttributes } from '../../shared/api-types';

export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

export interface QueuedWrite {
  /** Order of the writes (IndexedDB's auto-increment key): they replay in this order. */
  seq?: number;
  /** The Idempotency-Key: the same on every attempt, so the server applies the write once. */
  key: string;
  userId: number;
  method: WriteMethod;
  /** Relative to the API base, e.g. `todos/7`; a queued add's id is negative until it replays. */
  path: string;
  body?: { data: Record<string, unknown> };
  createdAt: string;
  /** The todo written: the server's id, or a queued add's temporary (negative) id. */
  todoId: number;
  /** The todo as the user saw it before this write (edits and deletes): what a conflict compares. */
  base?: TodoAttributes;
  /** Why the server refused it (a 4xx): kept on screen, no longer replayed. */
  error?: string;
}

/** Where queued writes are kept: IndexedDB in the browser, memory in tests. */
export interface WriteStore {
  add(write: QueuedWrite): Promise<QueuedWrite>;
  put(write: QueuedWrite): Promise<void>;
  remove(seq: number): Promise<void>;
  /** One user's writes, oldest first. */
  list(userId: number): Promise<QueuedWrite[]>;
  /** Removes every write of one user (an explicit sign-out). */
  removeUser(userId: number): Promise<void>;
}
