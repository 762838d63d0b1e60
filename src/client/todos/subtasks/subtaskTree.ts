/**
 * A page of todos as rows: in a tree view each top-level todo followed by its subtasks (when
 * expanded), indented by level; in a flat view (a search or filter) the matches as they come, each
 * subtask naming its parent. Pure, so it is tested on its own.
 */
import type { TodoAttributes, TodoEntity } from '../../../shared/api-types';
import { MAX_DEPTH } from '../../../shared/parent-relation';

/** A todo as a list answer nests it: a page's todo, or a populated subtask. */
export interface TodoNode {
  id: number;
  attributes: Partial<TodoAttributes>;
}

export interface SubtaskRow {
  todo: TodoEntity;
  /** 1 for a top-level todo, 2 for its subtask, 3 below that. */
  level: number;
  /** How far the row is indented: its level less one in a tree, none in a flat list. */
  indent: number;
  /** The parent's title, shown beside a subtask listed on its own (a flat list). */
  parentTitle?: string;
  /** Done and total of the direct subtasks, when it has some. */
  progress?: { done: number; total: number };
  /** Open subtasks in its whole subtree (what "Complete all" also completes). */
  open: number;
  /** In a tree: whether its subtasks are shown (undefined: it has none to show). */
  expanded?: boolean;
}

const childrenOf = (node: TodoNode): TodoNode[] => node.attributes.subtasks?.data ?? [];

export function progressOf(node: TodoNode): SubtaskRow['progress'] {
  const children = childrenOf(node);
  if (children.length === 0) return undefined;
  return {
    done: children.filter((child) => child.attributes.completed).length,
    total: children.length,
  };
}

export const openSubtasks = (node: TodoNode): number =>
  childrenOf(node).reduce(
    (sum, child) => sum + (child.attributes.completed ? 0 : 1) + openSubtasks(child),
    0,
  );

/** How many subtasks sit under a todo, at every level (what a delete takes to the trash with it). */
export const subtreeSize = (node: TodoNode): number =>
  childrenOf(node).reduce((sum, child) => sum + 1 + subtreeSize(child), 0);

/** A todo's level as a flat list's populated parent and grandparent tell it. */
function levelOf(todo: TodoNode): number {
  const parent = todo.attributes.parent?.data;
  if (!parent) return 1;
  return parent.attributes.parent?.data ? 3 : 2;
}

/** Whether a subtask may go under this todo: the server keeps at most three levels. */
export const canHoldSubtasks = (row: Pick<SubtaskRow, 'level'>) => row.level < MAX_DEPTH;

/** The todo or nested subtask with this id, anywhere on the page. */
export function findTodo(todos: readonly TodoNode[], id: number): TodoNode | undefined {
  for (const todo of todos) {
    if (todo.id === id) return todo;
    const found = findTodo(childrenOf(todo), id);
    if (found) return found;
  }
  return undefined;
}

/** Every id on the page, subtasks included. */
export const pageIds = (todos: readonly TodoNode[]): number[] =>
  todos.flatMap((todo) => [todo.id, ...pageIds(childrenOf(todo))]);

/** The ids of a page's rows: a tree's subtasks (folded ones too) are rows, a flat list's are not. */
export const rowIds = (todos: readonly TodoNode[], tree: boolean): number[] =>
  tree ? pageIds(todos) : todos.map((todo) => todo.id);

/**
 * A populated subtask as a row's todo: it carries its root's project (it always lives there) and its
 * parent, which the edit dialog starts from.
 */
function asEntity(node: TodoNode, parent: TodoNode, root: TodoEntity): TodoEntity {
  return {
    id: node.id,
    attributes: {
      ...node.attributes,
      ...(root.attributes.project ? { project: root.attributes.project } : {}),
      parent: { data: { id: parent.id, attributes: { title: parent.attributes.title } } },
    } as TodoAttributes,
  };
}

export function pageRows(
  todos: readonly TodoEntity[],
  tree: boolean,
  collapsed: ReadonlySet<number>,
): SubtaskRow[] {
  if (!tree)
    return todos.map((todo) => ({
      todo,
      level: levelOf(todo),
      indent: 0,
      parentTitle: todo.attributes.parent?.data?.attributes.title,
      progress: progressOf(todo),
      open: openSubtasks(todo),
    }));
  const rows: SubtaskRow[] = [];
  const walk = (todo: TodoEntity, level: number, root: TodoEntity) => {
    const children = childrenOf(todo);
    const expanded = children.length ? !collapsed.has(todo.id) : undefined;
    rows.push({
      todo,
      level,
      indent: level - 1,
      progress: progressOf(todo),
      open: openSubtasks(todo),
      expanded,
    });
    if (expanded) for (const child of children) walk(asEntity(child, todo, root), level + 1, root);
  };
  for (const todo of todos) walk(todo, 1, todo);
  return rows;
}

/** The ids of the open subtasks under a todo, at every level (completed one by one on Strapi). */
export const openSubtaskIds = (node: TodoNode): number[] =>
  childrenOf(node).flatMap((child) => [
    ...(child.attributes.completed ? [] : [child.id]),
    ...openSubtaskIds(child),
  ]);

/**
 * The page with the todo of this id, at whatever level, replaced by what `change` makes of it
 * (undefined: left out); the same page when no such todo is on it. The offline queue's overlay
 * applies its writes to subtasks with it.
 */
export function changeNested<T extends TodoNode>(
  todos: readonly T[],
  id: number,
  change: (todo: TodoNode) => TodoNode | undefined,
): T[] {
  if (!findTodo(todos, id)) return todos as T[];
  return todos.flatMap((todo) => {
    if (todo.id === id) return (change(todo) ?? []) as T | never[];
    const children = childrenOf(todo);
    if (!findTodo(children, id)) return [todo];
    const subtasks = { data: changeNested(children, id, change) };
    return [{ ...todo, attributes: { ...todo.attributes, subtasks } }];
  });
}
