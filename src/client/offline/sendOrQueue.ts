/**
 * The todo mutations' way to the server. Online, a write goes at once with an Idempotency-Key. It
 * is queued instead (stored in IndexedDB before the UI says it is saved) when the browser is
 * offline, when older writes are still queued (order is kept), when it is made to a queued add, or
 * when it got no answer: then it may have reached the server, and its key makes the replay safe.
 */
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { TodoAttributes } from '../../shared/api-types';
import { isOnline } from './network';
import { writeQueue } from './queue';
import { keyHeaders, newKey, sendsKeys } from './replayApi';
import { waiting } from './writeQueue';
import type { WriteMethod } from './writeTypes';

export interface TodoWrite {
  method: WriteMethod;
  path: string;
  body?: { data: Record<string, unknown> };
  /** The todo written (a queued add's temporary id is negative). */
  todoId: number;
  /** The todo as the user saw it, for an edit or a delete. */
  base?: TodoAttributes;
}

interface BaseResult {
  data?: unknown;
  error?: FetchBaseQueryError;
  meta?: unknown;
}

const QUEUED = { queued: true } as const;

let lastTempId = 0;
/** A queued add's id until it reaches the server: negative, so it never meets a real one. */
export const temporaryId = () => (lastTempId = Math.min(lastTempId - 1, -Date.now()));

export async function sendOrQueue<R extends BaseResult>(
  write: TodoWrite,
  baseQuery: (args: FetchArgs) => R | PromiseLike<R>,
): Promise<R | typeof QUEUED> {
  const key = newKey();
  const queueOn = writeQueue.userId() !== undefined;
  const enqueue = async () => {
    await writeQueue.enqueue({
      ...write,
      key,
      base: write.base ?? writeQueue.localTodo(write.todoId),
    });
    return QUEUED;
  };
  if (
    queueOn &&
    (!isOnline() ||
      (write.method !== 'POST' && write.todoId < 0) ||
      waiting(writeQueue.getWrites()).length > 0)
  )
    return enqueue();
  const result = await baseQuery({
    url: write.path,
    method: write.method,
    body: write.body,
    headers: keyHeaders(key),
  });
  const status = result.error?.status;
  if (queueOn && sendsKeys && (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR'))
    return enqueue();
  return result;
}
