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
});
