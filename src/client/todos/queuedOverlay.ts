/**
 * The list as the user expects it while writes wait in the offline queue: the server's page (or
 * the cached one) with the queued writes applied in order. Derived on every render, so a refetch
 * never wipes a queued change. A queued add shows at the end of the page on screen when it
 * matches the view; each row touched by a queued write is marked (with the server's refusal, if any).
 */
import { useSyncExternalStore } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { titleContains } from '../../shared/title-key';
import { writeQueue, type QueuedWrite, queuedDates } from '../offline';
import type { TodoPage } from './todosApi';
import type { TodoView } from './view';

/** A queued row's state: waiting to be sent, or refused with the server's message. */
export type SyncState = { error?: string; seq?: number };

const matches = (todo: TodoEntity, view: TodoView) =>
  titleContains(todo.attributes.title, view.search.trim()) &&
  (view.status !== 'completed' || todo.attributes.completed);

export function applyQueuedWrites(page: TodoPage, writes: readonly QueuedWrite[], view: TodoView) {
  let todos = page.todos;
  let total = page.total;
  const sync = new Map<number, SyncState>();
  for (const write of writes) {
    const data = write.body?.data ?? {};
    if (write.method === 'POST') {
      const at = write.createdAt;
      const added = {
        id: write.todoId,
        attributes: {
          title: String(data.title ?? ''),
          description: (data.description as string) ?? null,
          completed: false,
          createdAt: at,
          updatedAt: at,
          ...queuedDates(data),
        },
      };
      if (!matches(added, view)) continue;
      todos = [...todos, added];
      total += 1;
    } else if (write.method === 'PUT') {
      todos = todos.map((todo) =>
        todo.id === write.todoId ? { ...todo, attributes: { ...todo.attributes, ...data } } : todo,
      );
    } else if (todos.some((todo) => todo.id === write.todoId)) {
      todos = todos.filter((todo) => todo.id !== write.todoId);
      total -= 1;
    }
    sync.set(write.todoId, write.error ? { error: write.error, seq: write.seq } : {});
  }
  return { page: writes.length ? { ...page, todos, total } : page, sync };
}

/** The page on screen with the signed-in user's queued writes applied. */
export function useWithQueuedWrites(page: TodoPage | undefined, view: TodoView) {
  const writes = useSyncExternalStore(writeQueue.subscribe, writeQueue.getWrites);
  return page
    ? applyQueuedWrites(page, writes, view)
    : { page, sync: new Map<number, SyncState>() };
}
