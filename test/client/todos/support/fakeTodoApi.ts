/**
 * A stand-in for the todo API that answers like the real one (Strapi v4 shapes, paging,
 * title and completion filters, sort), installed as `globalThis.fetch`, so RTK Query runs for real in jsdom.
 * Every request is recorded; `intercept` lets a test answer one differently (an error, a
 * status other than 200, or a response held back until the test lets it go).
 */
import type { ListResponse, TodoEntity } from '../../../../src/shared/api-types';
import { titleContains, titleKey } from '../../../../src/shared/title-key';

/** Where the tests' API lives (the config module is mocked to point here). */
export const TEST_API_BASE = 'http://ticklist.test/api';

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

export type Interceptor = (request: RecordedRequest) => Response | Promise<Response> | undefined;

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

export const errorBody = (status: number, name: string, message: string) => ({
  data: null,
  error: { status, name, message, details: {} },
});

export class FakeTodoApi {
  todos: TodoEntity[] = [];
  /** Deleted todos, most recently deleted last, with when they were deleted. */
  trash: { todo: TodoEntity; deletedAt: string }[] = [];
  requests: RecordedRequest[] = [];
  interceptors: Interceptor[] = [];
  private nextId = 1;
  private clock = Date.parse('2026-01-01T08:00:00.000Z');
  private originalFetch: typeof fetch | undefined;

  seed(count: number, title = (index: number) => `Todo ${index}`): this {
    for (let index = 1; index <= count; index += 1)
      this.insert({ title: title(index), description: null, completed: false });
    return this;
  }

  insert(values: { title: string; description: string | null; completed: boolean }): TodoEntity {
    this.clock += 60_000;
    const stamp = new Date(this.clock).toISOString();
    const todo: TodoEntity = {
      id: this.nextId++,
      attributes: { ...values, createdAt: stamp, updatedAt: stamp },
    };
    this.todos.push(todo);
    return todo;
  }

  /** Answers the next matching request with `respond` (once), the rest go to the fake. */
  interceptOnce(
    matches: (request: RecordedRequest) => boolean,
    respond: () => Response | Promise<Response>,
  ): void {
    let used = false;
    this.interceptors.push((request) => {
      if (used || !matches(request)) return undefined;
      used = true;
      return respond();
    });
  }

  requestsTo(method: string, pathname = '/api/todos'): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method && request.url.pathname.replace(/\/$/, '').startsWith(pathname),
    );
  }

  install(): this {
    this.originalFetch = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      this.handle(new Request(input, init))) as typeof fetch;
    return this;
  }

  uninstall(): void {
    if (this.originalFetch) globalThis.fetch = this.originalFetch;
  }

  private async handle(request: Request): Promise<Response> {
    const text =
      request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('authorization'),
    };
    this.requests.push(recorded);
    for (const interceptor of this.interceptors) {
      const answer = interceptor(recorded);
      if (answer) return answer;
    }
    return this.answer(recorded);
  }

  private answer({ method, url, body }: RecordedRequest): Response {
    const path = url.pathname.replace(/\/$/, '');
    const trashAnswer = this.answerTrash(method, path, url.searchParams, body);
    if (trashAnswer) return trashAnswer;
    const match = /^\/api\/todos(?:\/(\d+))?$/.exec(path);
    if (!match) return json(404, errorBody(404, 'NotFoundError', 'Not Found'));
    const id = match[1] ? Number(match[1]) : undefined;
    const data = (body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
    if (id === undefined && method === 'GET') return json(200, this.list(url.searchParams));
    if (id === undefined && method === 'POST') {
      if (typeof data.title !== 'string' || !data.title.trim()) {
        return json(400, errorBody(400, 'ValidationError', 'title is a required field'));
      }
      const todo = this.insert({
        title: data.title.trim(),
        description: (data.description as string | undefined) ?? null,
        completed: Boolean(data.completed),
      });
      return json(200, { data: todo, meta: {} });
    }
    const todo = this.todos.find((candidate) => candidate.id === id);
    if (!todo) return json(404, errorBody(404, 'NotFoundError', 'Not Found'));
    if (method === 'PUT') {
      this.clock += 60_000;
      todo.attributes = {
        ...todo.attributes,
        ...(data as object),
        updatedAt: new Date(this.clock).toISOString(),
      };
      return json(200, { data: todo, meta: {} });
    }
    if (method === 'DELETE') {
      this.todos = this.todos.filter((candidate) => candidate !== todo);
      this.clock += 60_000;
      this.trash.push({ todo, deletedAt: new Date(this.clock).toISOString() });
      return json(200, { data: todo, meta: {} });
    }
    return json(405, errorBody(405, 'MethodNotAllowedError', 'Method Not Allowed'));
  }

  /** The trash, restore and bulk calls (Ticklist's, beyond Strapi); undefined for any other path. */
  private answerTrash(
    method: string,
    path: string,
    params: URLSearchParams,
    body: unknown,
  ): Response | undefined {
    if (path === '/api/todos/trash' && method === 'GET') {
      const page = Number(params.get('pagination[page]') ?? 1);
      const pageSize = Number(params.get('pagination[pageSize]') ?? 25);
      const rows = [...this.trash]
        .reverse()
        .map(({ todo, deletedAt }) => ({ ...todo, attributes: { ...todo.attributes, deletedAt } }));
      return json(200, {
        data: rows.slice((page - 1) * pageSize, page * pageSize),
        meta: {
          pagination: {
            page,
            pageSize,
            pageCount: Math.ceil(rows.length / pageSize),
            total: rows.length,
          },
        },
      });
    }
    if (path === '/api/todos/trash' && method === 'DELETE') {
      this.trash = [];
      return json(204, undefined);
    }
    const restore = /^\/api\/todos\/(\d+)\/restore$/.exec(path);
    if (restore && method === 'POST') {
      const todo = this.untrash([Number(restore[1])])?.[0];
      return todo
        ? json(200, { data: todo, meta: {} })
        : json(404, errorBody(404, 'NotFoundError', 'Not Found'));
    }
    if (path === '/api/todos/bulk' && method === 'POST') {
      const { action, ids } = body as { action: string; ids: number[] };
      if (action === 'restore') {
        const restored = this.untrash(ids);
        return restored
          ? json(200, { data: { count: restored.length } })
          : json(404, errorBody(404, 'NotFoundError', 'Not Found'));
      }
      const todos = ids.map((id) => this.todos.find((todo) => todo.id === id));
      if (todos.some((todo) => !todo))
        return json(404, errorBody(404, 'NotFoundError', 'Not Found'));
      for (const todo of todos as TodoEntity[]) {
        if (action === 'delete') {
          this.todos = this.todos.filter((candidate) => candidate !== todo);
          this.trash.push({ todo, deletedAt: new Date((this.clock += 1000)).toISOString() });
        } else {
          todo.attributes.completed = action === 'complete';
        }
      }
      return json(200, { data: { count: ids.length } });
    }
    return undefined;
  }

  /** Moves these todos from the trash back to the list (all or none). */
  private untrash(ids: number[]): TodoEntity[] | undefined {
    const entries = ids.map((id) => this.trash.find((entry) => entry.todo.id === id));
    if (entries.some((entry) => !entry)) return undefined;
    this.trash = this.trash.filter((entry) => !entries.includes(entry));
    const todos = entries.map((entry) => entry!.todo);
    this.todos.push(...todos);
    this.todos.sort((a, b) => a.id - b.id);
    return todos;
  }

  /** The list answer for these query parameters, as the fake would give it now. */
  list(params: URLSearchParams): ListResponse {
    const page = Number(params.get('pagination[page]') ?? 1);
    const pageSize = Number(params.get('pagination[pageSize]') ?? 25);
    const search = params.get('filters[title][$contains]') ?? '';
    const completed = params.get('filters[completed][$eq]');
    const [field = 'createdAt', direction = 'asc'] = (params.get('sort') ?? 'createdAt:asc').split(
      ':',
    );
    const sign = direction === 'desc' ? -1 : 1;
    const key = (todo: TodoEntity) =>
      field === 'title' ? titleKey(todo.attributes.title) : todo.attributes.createdAt;
    const rows = this.todos
      .filter((todo) => titleContains(todo.attributes.title, search))
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

/** A response the test releases when it wants to. */
export function heldResponse(): { promise: Promise<Response>; release(response: Response): void } {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

export { json as jsonResponse };
