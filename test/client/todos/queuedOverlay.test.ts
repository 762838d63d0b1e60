import type { QueuedWrite } from '../../../src/client/offline/writeTypes';
import { applyQueuedWrites } from '../../../src/client/todos/queuedOverlay';
import type { TodoPage } from '../../../src/client/todos/todosApi';
import { DEFAULT_VIEW } from '../../../src/client/todos/view';
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
});
