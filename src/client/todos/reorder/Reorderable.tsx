/** The list's rows inside TodoReorder when they can be moved ("Your order"), as they are otherwise. */
import type { ReactNode } from 'react';
import type { TodoEntity } from '../../../shared/api-types';
import type { TodoQuery } from '../view';
import { TodoReorder } from './TodoReorder';

interface ReorderableProps {
  enabled: boolean;
  query: TodoQuery;
  todos: TodoEntity[];
  children: ReactNode;
}

export function Reorderable({ enabled, query, todos, children }: ReorderableProps) {
  if (!enabled) return children;
  return (
    <TodoReorder query={query} todos={todos}>
      {children}
    </TodoReorder>
  );
}
