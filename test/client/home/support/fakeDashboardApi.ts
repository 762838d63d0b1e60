/**
 * The todo API fake (test/client/todos/support/fakeTodoApi.ts), also answering what the home
 * dashboard asks: `sort=updatedAt:desc` and `filters[completed][$eq]=true|false`.
 */
import type { ListResponse, TodoEntity } from '../../../../src/shared/api-types';
import { FakeTodoApi } from '../../todos/support/fakeTodoApi';

export class FakeDashboardApi extends FakeTodoApi {
  /** Adds todos with these titles; those named in `completed` are done. Each is a minute newer. */
  add(titles: string[], completed: string[] = []): this {
    for (const title of titles)
      this.insert({ title, description: null, completed: completed.includes(title) });
    return this;
  }

  /** Changes a todo as a PUT would, making it the most recently updated. */
  touch(title: string, changes: { completed?: boolean; title?: string } = {}): void {
    const todo = this.todos.find((candidate) => candidate.attributes.title === title);
    if (!todo) throw new Error(`no todo "${title}"`);
    // The same clock the fake's PUT uses (private there), so later changes stay later.
    const clock = this as unknown as { clock: number };
    clock.clock += 60_000;
    todo.attributes = {
      ...todo.attributes,
      ...changes,
      updatedAt: new Date(clock.clock).toISOString(),
    };
  }

  override list(params: URLSearchParams): ListResponse {
    const completed = params.get('filters[completed][$eq]');
    const [field, direction = 'asc'] = (params.get('sort') ?? '').split(':');
    if (completed === null && field !== 'updatedAt') return super.list(params);
    const page = Number(params.get('pagination[page]') ?? 1);
    const pageSize = Number(params.get('pagination[pageSize]') ?? 25);
    const sign = direction === 'desc' ? -1 : 1;
    const key = (todo: TodoEntity) =>
      field === 'updatedAt' ? todo.attributes.updatedAt : todo.attributes.createdAt;
    const rows = this.todos
      .filter((todo) => completed === null || String(todo.attributes.completed) === completed)
      .sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : sign * (a.id - b.id)));
    return {
      data: rows.slice((page - 1) * pageSize, page * pageSize),
      meta: {
        pagination: {
          page,
          pageSize,
          pageCount: Math.ceil(rows.length / pageSize),
          total: rows.length,
        },
      },
    };
  }
}
