import type { QueuedWrite } from '../../../src/client/offline/writeTypes';
import { applyQueuedWrites } from '../../../src/client/todos/queuedOverlay';
import type { TodoPage } from '../../../src/client/todos/todosApi';
import { DEFAULT_VIEW, type TodoView } from '../../../src/client/todos/view';
import { titleContains } from '../../../src/shared/title-key';

const at = '2026-11-25T09:00:00.000Z';
const todo = (id: number, title: string, completed = false) => ({
  id,
  attributes: { title, description: null, completed, createdAt: at, updatedAt: at },
});
const page: TodoPage = {
  todos: [todo(1, 'Buy milk'), todo(2, 'Call Ann')],
  page: 1,
  pageSize: 10,
  pageCount: 1,
  total: 2,
};
const write = (seq: number, fields: Partial<QueuedWrite>): QueuedWrite =>
  ({
    seq,
    key: `k${seq}`,
    userId: 1,
    createdAt: at,
    method: 'PUT',
    path: 'todos/0',
    todoId: 0,
    ...fields,
  }) as QueuedWrite;

describe('the list with queued writes applied', () => {
  it('shows a queued add, edit, tick and delete at once, and marks the rows they touch', () => {
    const writes = [
      write(1, { method: 'POST', todoId: -5, body: { data: { title: 'Written offline' } } }),
      write(2, { todoId: 1, body: { data: { completed: true } } }),
      write(3, { todoId: -5, body: { data: { title: 'Written offline, edited' } } }),
      write(4, { method: 'DELETE', todoId: 2 }),
    ];
    const { page: shown, sync } = applyQueuedWrites(page, writes, DEFAULT_VIEW);
    expect(
      shown.todos.map((row) => [row.id, row.attributes.title, row.attributes.completed]),
    ).toEqual([
      [1, 'Buy milk', true],
      [-5, 'Written offline, edited', false],
    ]);
    expect(shown.total).toBe(2);
    expect([...sync.keys()]).toEqual([-5, 1, 2]);
  });

  it('keeps a refused write on screen with its message, and leaves adds out of a view they do not match', () => {
    const writes = [
      write(1, {
        todoId: 1,
        body: { data: { title: 'Buy oat milk' } },
        error: 'Title is too long',
      }),
      write(2, { method: 'POST', todoId: -6, body: { data: { title: 'Unrelated' } } }),
    ];
    const { page: shown, sync } = applyQueuedWrites(page, writes, {
      ...DEFAULT_VIEW,
      search: 'milk',
    });
    expect(shown.todos.map((row) => row.attributes.title)).toEqual(['Buy oat milk', 'Call Ann']);
    expect(sync.get(1)).toEqual({ error: 'Title is too long', seq: 1 });
  });

  it('shows a queued add under a label filter only when it names that label, with its labels (issue 41)', () => {
    const writes = [
      write(1, { method: 'POST', todoId: -7, body: { data: { title: 'Milk', labels: { set: [3] } } } }), // prettier-ignore
      write(2, { method: 'POST', todoId: -8, body: { data: { title: 'Bread', labels: [4] } } }),
      write(3, { method: 'POST', todoId: -9, body: { data: { title: 'Eggs' } } }),
    ];
    const { page: shown } = applyQueuedWrites({ ...page, todos: [], total: 0 }, writes, {
      ...DEFAULT_VIEW,
      label: 3,
    });
    expect(shown.todos.map((row) => [row.attributes.title, row.attributes.labels])).toEqual([
      ['Milk', { set: [3] }],
    ]);
  });

  it('matches a queued add to the search as the server does: Unicode NFC, then lower case', () => {
    const decomposed = 'Cafe\u0301 AU LAIT';
    const writes = [
      write(1, { method: 'POST', todoId: -7, body: { data: { title: decomposed } } }),
    ];
    const { page: shown } = applyQueuedWrites(page, writes, { ...DEFAULT_VIEW, search: 'café au' });
    expect(shown.todos.map((row) => row.attributes.title)).toContain(decomposed);
    expect(titleContains(decomposed, 'café au')).toBe(true);
  });

  it('carries the date fields of queued adds and edits (issue 28)', () => {
    const writes = [
      write(1, {
        method: 'POST',
        todoId: -7,
        body: {
          data: {
            title: 'Rent',
            dueDate: '2026-12-01',
            recurrence: 'FREQ=MONTHLY',
            remindAt: null,
          },
        },
      }),
      write(2, { todoId: 1, body: { data: { dueDate: '2026-11-30' } } }),
    ];
    const { page: shown } = applyQueuedWrites(page, writes, DEFAULT_VIEW);
    expect(shown.todos.find((row) => row.id === -7)?.attributes).toMatchObject({
      dueDate: '2026-12-01',
      recurrence: 'FREQ=MONTHLY',
      remindAt: null,
    });
    expect(shown.todos.find((row) => row.id === 1)?.attributes.dueDate).toBe('2026-11-30');
  });

  describe('places a queued add where the sort puts it, keeping the page size (issue 40)', () => {
    const created = (id: number, minute: number, title = `Todo ${id}`) => ({
      ...todo(id, title),
      attributes: { ...todo(id, title).attributes, createdAt: `2026-11-25T09:${minute}:00.000Z` },
    });
    const fullPage = (number: number, total: number): TodoPage => ({
      todos: Array.from({ length: 10 }, (_, index) => created(index + 1, 10 + index)),
      page: number,
      pageSize: 10,
      pageCount: Math.ceil(total / 10),
      total,
    });
    const add = (title: string, dueDate?: string) =>
      write(1, {
        method: 'POST',
        todoId: -9,
        createdAt: '2026-11-25T10:00:00.000Z',
        body: { data: { title, ...(dueDate ? { dueDate } : {}) } },
      });

    it('first on page 1 of the newest first, the last row moving on to the next page', () => {
      const { page: shown } = applyQueuedWrites(fullPage(1, 25), [add('New')], {
        ...DEFAULT_VIEW,
        order: 'desc',
      });
      expect(shown.todos).toHaveLength(10);
      expect(shown.todos[0]?.id).toBe(-9);
      expect(shown.todos.map((row) => row.id)).not.toContain(10);
      expect(shown.total).toBe(26);
    });

    it('between the titles it sorts between, without case', () => {
      const { page: shown } = applyQueuedWrites(fullPage(1, 10), [add('todo 35')], {
        ...DEFAULT_VIEW,
        sort: 'title',
      });
      const titles = shown.todos.map((row) => row.attributes.title);
      expect(titles.slice(2, 5)).toEqual(['Todo 3', 'todo 35', 'Todo 4']);
      expect(titles).toHaveLength(10);
      expect(shown.total).toBe(11);
    });

    it('not on this page when it sorts after it and later pages exist, but counted', () => {
      const { page: shown } = applyQueuedWrites(fullPage(1, 25), [add('New')], DEFAULT_VIEW);
      expect(shown.todos.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(shown.total).toBe(26);
    });

    it('at the end of the last page when there is room, and before undated todos by due date', () => {
      const last = { ...fullPage(2, 12), todos: [created(11, 40), created(12, 41)] };
      expect(applyQueuedWrites(last, [add('New')], DEFAULT_VIEW).page.todos.at(-1)?.id).toBe(-9);
      const dated = {
        ...last,
        todos: [
          {
            ...created(11, 40),
            attributes: { ...created(11, 40).attributes, dueDate: '2026-12-01' },
          },
          created(12, 41),
        ],
      };
      const byDue = applyQueuedWrites(dated, [add('New', '2026-12-05')], {
        ...DEFAULT_VIEW,
        sort: 'dueDate',
      });
      expect(byDue.page.todos.map((row) => row.id)).toEqual([11, -9, 12]);
    });

    it('brings back the row an add pushed off when a queued delete makes room', () => {
      const writes = [add('New'), write(2, { method: 'DELETE', todoId: 4 })];
      const { page: shown } = applyQueuedWrites(fullPage(1, 25), writes, {
        ...DEFAULT_VIEW,
        order: 'desc',
      });
      expect(shown.todos.map((row) => row.id)).toEqual([-9, 1, 2, 3, 5, 6, 7, 8, 9, 10]);
      expect(shown.total).toBe(25);
    });
  });

  describe('by priority (issue 41)', () => {
    const flagged = (id: number, priority: 0 | 1 | 2 | 3) => ({
      ...todo(id, `Todo ${id}`),
      attributes: { ...todo(id, `Todo ${id}`).attributes, priority },
    });
    const pageOf = (priorities: (0 | 1 | 2 | 3)[]): TodoPage => ({
      todos: priorities.map((priority, index) => flagged(index + 1, priority)),
      page: 1,
      pageSize: 10,
      pageCount: 1,
      total: priorities.length,
    });
    const add = (priority?: number) =>
      write(1, {
        method: 'POST',
        todoId: -9,
        body: { data: { title: 'New', ...(priority === undefined ? {} : { priority }) } },
      });
    const placed = (page: TodoPage, priority: number | undefined, view: Partial<TodoView>) =>
      applyQueuedWrites(page, [add(priority)], { ...DEFAULT_VIEW, ...view }).page.todos.map(
        (row) => [row.id, row.attributes.priority],
      );

    it('descending: high first, a new todo first among its equals (its id will be the largest)', () => {
      expect(placed(pageOf([3, 3, 2, 0]), 2, { sort: 'priority', order: 'desc' })).toEqual([
        [1, 3],
        [2, 3],
        [-9, 2],
        [3, 2],
        [4, 0],
      ]);
      expect(placed(pageOf([3, 1]), undefined, { sort: 'priority', order: 'desc' })).toEqual([
        [1, 3],
        [2, 1],
        [-9, 0],
      ]);
    });

    it('ascending: after its equals', () => {
      expect(placed(pageOf([0, 2, 2, 3]), 2, { sort: 'priority', order: 'asc' })).toEqual([
        [1, 0],
        [2, 2],
        [3, 2],
        [-9, 2],
        [4, 3],
      ]);
    });

    it('under a priority filter, only when it has that priority', () => {
      const high = pageOf([3, 3]);
      const view = { priority: 3 as const };
      expect(applyQueuedWrites(high, [add(1)], { ...DEFAULT_VIEW, ...view }).page.total).toBe(2);
      const shown = applyQueuedWrites(high, [add(3)], { ...DEFAULT_VIEW, ...view }).page;
      expect([shown.total, shown.todos.at(-1)?.id]).toEqual([3, -9]);
      const none = applyQueuedWrites(pageOf([0]), [add()], { ...DEFAULT_VIEW, priority: 0 });
      expect(none.page.total).toBe(2);
    });
  });
});

describe('queued writes to subtasks, in a tree (no search or filter)', () => {
  const tree: TodoPage = {
    ...page,
    todos: [
      {
        ...todo(1, 'Move house'),
        attributes: { ...todo(1, 'Move house').attributes, subtasks: { data: [todo(3, 'Pack')] } },
      },
      todo(2, 'Call Ann'),
    ],
  };
  const subtasksOf = (shown: TodoPage, id: number) =>
    shown.todos
      .find((row) => row.id === id)
      ?.attributes.subtasks?.data.map((row) => [
        row.id,
        row.attributes.title,
        row.attributes.completed,
      ]);

  it('shows a queued subtask under its parent, a tick and a delete of a subtask, and counts no new top-level todo', () => {
    const writes = [
      write(1, { method: 'POST', todoId: -7, body: { data: { title: 'Hire a van', parent: 1 } } }),
      write(2, { todoId: 3, body: { data: { completed: true } } }),
      write(3, { method: 'POST', todoId: -8, body: { data: { title: 'Elsewhere', parent: 99 } } }),
    ];
    const { page: shown, sync } = applyQueuedWrites(tree, writes, DEFAULT_VIEW);
    expect(subtasksOf(shown, 1)).toEqual([
      [3, 'Pack', true],
      [-7, 'Hire a van', false],
    ]);
    // Its parent is on another page: nothing to show here.
    expect(shown.todos.map((row) => row.id)).toEqual([1, 2]);
    expect(shown.total).toBe(2);
    expect([...sync.keys()]).toEqual([-7, 3, -8]);

    const deleted = applyQueuedWrites(
      tree,
      [write(4, { method: 'DELETE', todoId: 3 })],
      DEFAULT_VIEW,
    );
    expect(subtasksOf(deleted.page, 1)).toEqual([]);
    expect(deleted.page.total).toBe(2);
  });

  it('lists a queued subtask as a todo of its own under a search', () => {
    const writes = [
      write(1, { method: 'POST', todoId: -7, body: { data: { title: 'Hire a van', parent: 1 } } }),
    ];
    const { page: shown } = applyQueuedWrites(tree, writes, { ...DEFAULT_VIEW, search: 'van' });
    expect(shown.todos.map((row) => row.id)).toContain(-7);
  });
});
