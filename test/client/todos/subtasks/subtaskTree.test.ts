/**
 * A page of todos as rows (subtaskTree.ts): a tree's subtasks follow their parent, indented, unless
 * folded; a flat list's subtasks name their parent; the counts "Complete all" and a delete speak of.
 */
import type { TodoEntity } from '../../../../src/shared/api-types';
import {
  openSubtaskIds,
  pageRows,
  rowIds,
  subtreeSize,
  type TodoNode,
} from '../../../../src/client/todos/subtasks/subtaskTree';

const node = (id: number, completed: boolean, subtasks?: TodoNode[]): TodoNode => ({
  id,
  attributes: { title: `T${id}`, completed, ...(subtasks ? { subtasks: { data: subtasks } } : {}) },
});
const page = [
  node(1, false, [node(2, true, []), node(3, false, [node(4, false)])]),
  node(5, false, []),
] as TodoEntity[];

describe('a tree page', () => {
  it('lists each todo, then its subtasks one level deeper, with the count of its direct ones', () => {
    const rows = pageRows(page, true, new Set());
    expect(rows.map((row) => [row.todo.id, row.indent, row.expanded])).toEqual([
      [1, 0, true],
      [2, 1, undefined],
      [3, 1, true],
      [4, 2, undefined],
      [5, 0, undefined],
    ]);
    expect(rows[0]).toMatchObject({ progress: { done: 1, total: 2 }, open: 2 });
    expect(rows[4]!.progress).toBeUndefined();
    // A subtask's row names its parent, which the edit dialog's Parent field shows.
    expect(rows[3]!.todo.attributes.parent).toEqual({
      data: { id: 3, attributes: { title: 'T3' } },
    });
  });

  it('leaves out the subtasks of a folded todo, at every level below it', () => {
    expect(pageRows(page, true, new Set([1])).map((row) => row.todo.id)).toEqual([1, 5]);
    expect(pageRows(page, true, new Set([3])).map((row) => row.todo.id)).toEqual([1, 2, 3, 5]);
  });

  it('counts the open subtasks and the whole subtree of a todo', () => {
    expect(openSubtaskIds(page[0]!)).toEqual([3, 4]);
    expect(subtreeSize(page[0]!)).toBe(3);
    expect(subtreeSize(page[1]!)).toBe(0);
  });

  it('has every subtask as a row (selectable); a flat list only its own todos', () => {
    expect(rowIds(page, true)).toEqual([1, 2, 3, 4, 5]);
    expect(rowIds(page, false)).toEqual([1, 5]);
  });
});

describe('a flat page (a search or a filter)', () => {
  it('keeps the order, indents nothing, and names a subtask’s parent', () => {
    const subtask = {
      id: 4,
      attributes: {
        title: 'T4',
        completed: false,
        parent: {
          data: {
            id: 3,
            attributes: { title: 'T3', parent: { data: { id: 1, attributes: { title: 'T1' } } } },
          },
        },
      },
    } as unknown as TodoEntity;
    const rows = pageRows([subtask, page[1]!], false, new Set());
    expect(rows.map((row) => [row.todo.id, row.indent, row.level, row.parentTitle])).toEqual([
      [4, 0, 3, 'T3'],
      [5, 0, 1, undefined],
    ]);
  });
});
