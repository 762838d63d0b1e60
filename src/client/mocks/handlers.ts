/**
 * MSW request handlers for an in-memory Ticklist API in the Strapi v4 dialect of the API contract:
 * users and auth, the todo list with its paging, filters and sort, single todos, the trash and bulk
 * actions, projects (list, create, edit, delete to the trash and restore), labels (list, create,
 * edit, delete) and the open counts. The client's Jest tests and `npm run dev:mock` both use these, so screens are exercised
 * against one mock; tests check every answer against the server's response schemas (`onAnswer`).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { MockBackend } from './mockBackend';
import { MockFailure, notFound } from './mockFailure';
import { QueryError } from './listQuery';

/** The routes the mock answers, named for the contract's schema of each one's answer. */
export type MockRoute =
  | 'register'
  | 'login'
  | 'logout'
  | 'me'
  | 'list'
  | 'find'
  | 'create'
  | 'update'
  | 'delete'
  | 'trash'
  | 'emptyTrash'
  | 'restore'
  | 'restoreAll'
  | 'bulk'
  | 'projects'
  | 'project'
  | 'projectDelete'
  | 'labels'
  | 'label'
  | 'counts'
  | 'unknown';

export { MockBackend } from './mockBackend';

export interface MockAnswer {
  status: number;
  body?: unknown;
}

interface Call {
  request: Request;
  url: URL;
  id: number;
  body: unknown;
  /** The signed-in caller's id; a request without a valid bearer token never gets this far. */
  me: () => number;
}

type Answerer = (call: Call) => MockAnswer;

const ok = (body: unknown): MockAnswer => ({ status: 200, body });
const single = (data: unknown): MockAnswer => ok({ data, meta: {} });

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new MockFailure(400, 'ValidationError', 'The body must be JSON');
  }
}

function failureAnswer(error: unknown): MockAnswer {
  if (error instanceof QueryError)
    return failureAnswer(
      new MockFailure(400, 'ValidationError', error.message, [
        { path: error.path, message: error.message, name: 'ValidationError' },
      ]),
    );
  if (error instanceof MockFailure) return { status: error.status, body: error.body };
  throw error;
}

export interface HandlerOptions {
  /** Where the API lives, e.g. "/api" in the browser or an absolute URL in tests. */
  base: string;
  /** Sees every answer before it is sent (tests check it against the contract's schemas). */
  onAnswer?: (route: MockRoute, answer: MockAnswer) => void;
}

export function createHandlers(backend: MockBackend, { base, onAnswer }: HandlerOptions) {
  const { accounts, todos, projects, labels } = backend;

  const route =
    (name: MockRoute, answer: Answerer): Parameters<typeof http.all>[1] =>
    async ({ request, params }) => {
      let result: MockAnswer;
      try {
        const me = () => accounts.userOf(request.headers.get('authorization')).id;
        const body = request.method === 'GET' ? undefined : await readBody(request);
        const url = new URL(request.url);
        result = answer({ request, url, id: Number(params.id), body, me });
      } catch (error) {
        result = failureAnswer(error);
      }
      onAnswer?.(name, result);
      return result.body === undefined
        ? new HttpResponse(null, { status: result.status })
        : HttpResponse.json(result.body, { status: result.status });
    };

  const handlers: HttpHandler[] = [
    http.post(
      `${base}/auth/local/register`,
      route('register', ({ body }) => ok(accounts.register(body))),
    ),
    http.post(
      `${base}/auth/local`,
      route('login', ({ body }) => ok(accounts.logIn(body))),
    ),
    http.post(
      `${base}/auth/logout`,
      route('logout', ({ request }) => {
        accounts.logOut(request.headers.get('authorization'));
        return { status: 204 };
      }),
    ),
    http.get(
      `${base}/users/me`,
      route('me', ({ request, url }) => {
        const user = accounts.userOf(request.headers.get('authorization'));
        if (url.searchParams.get('populate') !== 'todos') return ok(user);
        const flat = todos.active(user.id).map(({ id, attributes }) => ({ id, ...attributes }));
        return ok({ ...user, todos: flat });
      }),
    ),
    http.get(
      `${base}/todos/trash`,
      route('trash', ({ url, me }) => ok(todos.trashPage(me(), url.searchParams))),
    ),
    http.delete(
      `${base}/todos/trash`,
      route('emptyTrash', ({ me }) => {
        todos.emptyTrash(me());
        return { status: 204 };
      }),
    ),
    http.post(
      `${base}/todos/bulk`,
      route('bulk', ({ body, me }) => ok({ data: { count: todos.bulk(me(), body) } })),
    ),
    // Before /todos/:id/restore, which would read "trash" as an id.
    http.post(
      `${base}/todos/trash/restore`,
      route('restoreAll', ({ me }) => ok({ data: { count: todos.restoreAll(me()) } })),
    ),
    http.post(
      `${base}/todos/:id/restore`,
      route('restore', ({ id, me }) => single(todos.restore(me(), id))),
    ),
    http.get(
      `${base}/todos/counts`,
      route('counts', ({ me }) => ok({ data: backend.counts(me()) })),
    ),
    http.get(
      `${base}/projects`,
      route('projects', ({ url, me }) => ok(projects.list(me(), url.searchParams))),
    ),
    http.post(
      `${base}/projects`,
      route('project', ({ body, me }) => single(projects.create(me(), body))),
    ),
    http.get(
      `${base}/projects/:id`,
      route('project', ({ id, me }) => {
        const row = projects.find(me(), id);
        if (!row) throw notFound();
        return single(row.project);
      }),
    ),
    http.put(
      `${base}/projects/:id`,
      route('project', ({ id, body, me }) => single(projects.update(me(), id, body))),
    ),
    http.delete(
      `${base}/projects/:id`,
      route('projectDelete', ({ id, me }) => ok(backend.deleteProject(me(), id))),
    ),
    http.post(
      `${base}/projects/:id/restore`,
      route('projectDelete', ({ id, me }) => ok(backend.restoreProject(me(), id))),
    ),
    http.get(
      `${base}/labels`,
      route('labels', ({ url, me }) => ok(labels.list(me(), url.searchParams))),
    ),
    http.post(
      `${base}/labels`,
      route('label', ({ body, me }) => single(labels.create(me(), body))),
    ),
    http.put(
      `${base}/labels/:id`,
      route('label', ({ id, body, me }) => single(labels.update(me(), id, body))),
    ),
    http.delete(
      `${base}/labels/:id`,
      route('label', ({ id, me }) => ok(labels.remove(me(), id))),
    ),
    http.get(
      `${base}/todos`,
      route('list', ({ url, me }) => ok(todos.list(me(), url.searchParams))),
    ),
    http.post(
      `${base}/todos`,
      route('create', ({ body, me }) => single(todos.create(me(), body))),
    ),
    http.get(
      `${base}/todos/:id`,
      route('find', ({ id, me }) => single(todos.find(me(), id).todo)),
    ),
    http.put(
      `${base}/todos/:id`,
      route('update', ({ id, body, me, url }) =>
        single(todos.update(me(), id, body, url.searchParams.get('subtasks') === 'complete')),
      ),
    ),
    http.delete(
      `${base}/todos/:id`,
      route('delete', ({ id, me }) => single(todos.remove(me(), id))),
    ),
    // Any other path under the API is the contract's 404, as the server answers it.
    http.all(
      `${base}/*`,
      route('unknown', () => {
        throw new MockFailure(404, 'NotFoundError', 'Not Found');
      }),
    ),
  ];
  return handlers;
}
