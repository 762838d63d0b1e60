/**
 * The todos a top-level todo may be put under, from a page of the list: those at the first two
 * levels (a third-level todo holds no subtasks), never the todo itself nor one of its own subtasks.
 * Each is named by its path ("Move house › Pack books") so that two of the same title differ. The
 * server checks the rest (depth with the todo's own subtasks, cycles, owner) and says why in a 400.
 */
import type { TodoEntity } from '../../../shared/api-types';
import { MAX_DEPTH } from '../../../shared/parent-relation';

export interface ParentChoice {
  id: number;
  title: string;
  /** The titles from its root down to it, joined with " › ". */
  path: string;
}

const choice = (id: number, titles: (string | undefined)[]): ParentChoice => {
  const named = titles.map((title) => title ?? '');
  return { id, title: named.at(-1)!, path: named.join(' › ') };
};

export function parentChoices(
  todos: readonly TodoEntity[],
  tree: boolean,
  self: number,
): ParentChoice[] {
  if (tree)
    return todos
      .filter((root) => root.id !== self)
      .flatMap((root) => [
        choice(root.id, [root.attributes.title]),
        ...(root.attributes.subtasks?.data ?? [])
          .filter((child) => child.id !== self)
          .map((child) => choice(child.id, [root.attributes.title, child.attributes.title])),
      ]);
  return todos.flatMap((todo) => {
    const parent = todo.attributes.parent?.data;
    const grandparent = parent?.attributes.parent?.data;
    const chain = [grandparent, parent].filter((up) => up != null);
    if (todo.id === self || chain.some((up) => up.id === self)) return [];
    if (chain.length + 1 >= MAX_DEPTH) return [];
    return [choice(todo.id, [...chain.map((up) => up.attributes.title), todo.attributes.title])];
  });
}
