/**
 * The list as the user expects it while writes wait in the offline queue: the server's page (or
 * the cached one) with the queued writes applied in order. Derived on every render, so a refetch
 * never wipes a queued change. A queued add that matches the view takes the place the view's sort
 * gives it (queuedPlacement.ts), and the page keeps its size: the row it pushes past the end goes
 * to the next page, as it will on the server. Each row touched by a queued write is marked (with
 * the server's refusal, if any).
 */
import { useSyncExternalStore } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { PRIORITIES, type Priority } from '../../shared/priority';
import { titleContains } from '../../shared/title-key';
import { labelIdsOf } from '../labels';
import { writeQueue, type QueuedWrite, queuedDates } from '../offline';
import { placeOnPage } from './queuedPlacement';
import type { TodoPage } from './todosApi';
import type { TodoQuery, TodoView } from './view';
import { isTreeView } from './subtasks/subtaskQuery';
import { changeNested, findTodo, type TodoNode } from './subtasks/subtaskTree';

/** A queued row's state: waiting to be sent, or refused with the server's message. */
export type SyncState = { error?: string; seq?: number };

const matches = (todo: TodoEntity, view: TodoView) =>
  titleContains(todo.attributes.title, view.search.trim()) &&
  (view.status !== 'completed' || todo.attributes.completed) &&
  (view.priority === 'all' || (todo.attributes.priority ?? 0) === view.priority) &&
  (view.label === null || (labelIdsOf(todo) ?? []).includes(view.label));

/** Whether a queued add belongs to the page's scope: every todo, the Inbox or one project. */
const inScope = (project: unknown, scope: TodoQuery['project']) =>
  scope === undefined || (typeof project === 'number' ? project : null) === scope;

/** A queued add's priority: what it sends, else none (the server's default). */
const priorityOf = (value: unknown): Priority =>
  PRIORITIES.find((priority) => priority === value) ?? 0;

export function applyQueuedWrites(page: TodoPage, writes: readonly QueuedWrite[], view: TodoQuery) {
  let todos = page.todos;
  let total = page.total;
  const sync = new Map<number, SyncState>();
  const where = { first: page.page <= 1, hasLater: page.page * page.pageSize < page.total };
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
          priority: priorityOf(data.priority),
          // As sent (`[1, 2]` or `{ set: [1, 2] }`): labelIdsOf reads either, so its chips show.
          ...(data.labels === undefined ? {} : { labels: data.labels as never }),
          ...queuedDates(data),
        },
      };
      if (!matches(added, view) || !inScope(data.project, view.project)) continue;
      // In a tree a queued subtask shows under its parent, or not at all when that is on another page.
      if (typeof data.parent === 'number' && isTreeView(view)) {
        const under = (parent: TodoNode): TodoNode => {
          const subtasks = parent.attributes.subtasks?.data ?? [];
          return {
            ...parent,
            attributes: { ...parent.attributes, subtasks: { data: [...subtasks, added] } },
          };
        };
        todos = changeNested(todos, data.parent, under);
        sync.set(write.todoId, write.error ? { error: write.error, seq: write.seq } : {});
        continue;
      }
      total += 1;
      const index = placeOnPage(todos, added, view, where);
      if (index !== undefined) todos = [...todos.slice(0, index), added, ...todos.slice(index)];
    } else if (write.method === 'PUT') {
      // A queued move under another parent shows once sent: the row keeps its place meanwhile.
      const { parent: _moved, ...changes } = data;
      todos = changeNested(todos, write.todoId, (todo) => ({
        ...todo,
        attributes: { ...todo.attributes, ...changes },
      }));
    } else if (findTodo(todos, write.todoId)) {
      if (todos.some((todo) => todo.id === write.todoId)) total -= 1;
      todos = changeNested(todos, write.todoId, () => undefined);
    }
    sync.set(write.todoId, write.error ? { error: write.error, seq: write.seq } : {});
  }
  // Cut last, so that a row pushed off by an add comes back when a later queued delete makes room.
  todos = todos.slice(0, page.pageSize);
  return { page: writes.length ? { ...page, todos, total } : page, sync };
}

/** The page on screen with the signed-in user's queued writes applied. */
export function useWithQueuedWrites(page: TodoPage | undefined, view: TodoQuery) {
  const writes = useSyncExternalStore(writeQueue.subscribe, writeQueue.getWrites);
  return page
    ? applyQueuedWrites(page, writes, view)
    : { page, sync: new Map<number, SyncState>() };
}
