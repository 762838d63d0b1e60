/**
 * The mock API (src/client/mocks/handlers.ts) for one test: its handlers on the MSW server, a
 * signed-in test user whose bearer tokens the test's store sends, every request recorded, and
 * every answer of the handlers checked against the contract (setup.ts fails a test that broke it).
 */
import { http, HttpResponse } from 'msw';
import type { TodoEntity } from '../../../src/shared/api-types';
import { createHandlers, MockBackend } from '../../../src/client/mocks/handlers';
import type { NewMockTodo } from '../../../src/client/mocks/mockTodos';
import { contractViolation } from './contract';
import { server } from './mswServer';

/** Where the tests' API lives: the page's own origin (jsdom's http://localhost), as `npm start` serves it. */
export const TEST_API_BASE = 'http://localhost/api';
/** An absolute URL under the tests' API, for `server.use(http.get(apiUrl('todos'), …))`. */
export const apiUrl = (path: string) => `${TEST_API_BASE}/${path}`;

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
  headers: Headers;
}

const violations: string[] = [];
/** The contract violations since the last call (setup.ts fails the test that made any). */
export const takeContractViolations = () => violations.splice(0);

export class MockApi {
  readonly backend = new MockBackend();
  readonly requests: RecordedRequest[] = [];
  readonly userId: number;

  constructor(tokens: string[], userId: number) {
    const { accounts } = this.backend;
    this.userId = accounts.add({
      id: userId,
      username: 'ann',
      email: 'ann@example.com',
      password: 'Secret1!',
    }).id;
    for (const token of tokens) accounts.issueToken(this.userId, token);
  }

  /** The test user's todos (not trashed), oldest first: the objects the API answers with. */
  get todos(): TodoEntity[] {
    return this.backend.todos.active(this.userId);
  }

  get trash() {
    return this.backend.todos.trashed(this.userId);
  }

  seed(count: number, title = (index: number) => `Todo ${index}`): this {
    for (let index = 1; index <= count; index += 1) this.insert({ title: title(index) });
    return this;
  }

  /** Adds a todo of the test user, a minute after the last change. */
  insert(values: NewMockTodo): TodoEntity {
    return this.backend.todos.insert(this.userId, values);
  }

  /** The list answer for these query parameters as the API would give it now (a copy, which stays as it is). */
  list(params: URLSearchParams) {
    return structuredClone(this.backend.todos.list(this.userId, params));
  }

  /** Moves a todo of the test user to the trash, now or at `deletedAt`. */
  trashTodo(id: number, deletedAt?: string): void {
    this.backend.todos.remove(this.userId, id, deletedAt);
  }

  requestsTo(method: string, pathname = '/api/todos'): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method && request.url.pathname.replace(/\/$/, '').startsWith(pathname),
    );
  }
}

/**
 * Serves the mock API for the current test. `tokens` are the bearer tokens of its user (id `userId`),
 * as the test's store or stored session sends them; `base` is where the API lives (the page's own
 * origin, http://localhost/api, where the test keeps the app's configuration).
 */
export function startMockApi({
  tokens = ['jwt-test'],
  userId = 7,
  base = TEST_API_BASE,
}: { tokens?: string[]; userId?: number; base?: string } = {}): MockApi {
  const api = new MockApi(tokens, userId);
  server.use(
    ...createHandlers(api.backend, {
      base,
      onAnswer: (route, answer) => {
        const violation = contractViolation(route, answer);
        if (violation) violations.push(violation);
      },
    }),
  );
  server.events.on('request:start', ({ request }) => {
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      body: undefined,
      authorization: request.headers.get('authorization'),
      headers: new Headers(request.headers),
    };
    api.requests.push(recorded);
    if (request.method !== 'GET')
      void request
        .clone()
        .text()
        .then((text) => (recorded.body = text ? JSON.parse(text) : undefined));
  });
  return api;
}

/**
 * Answers the live event stream with an empty 204, so a signed-in app renders without one (its own
 * tests are in test/client/live); call after startMockApi, whose catch-all would answer 404.
 */
export const closeEventStream = (base = TEST_API_BASE) =>
  server.use(http.get(`${base}/todos/events`, () => new HttpResponse(null, { status: 204 })));

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

export const errorBody = (status: number, name: string, message: string) => ({
  data: null,
  error: { status, name, message, details: {} },
});

/** A response the test releases when it wants to. */
export function heldResponse(): { promise: Promise<Response>; release(response: Response): void } {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

/**
 * A resolver for `server.use` that answers the first request `matches` accepts with `respond`;
 * every other request falls through to the mock API.
 */
export function firstMatching(
  matches: (url: URL) => boolean,
  respond: () => Response | Promise<Response>,
) {
  let answered = false;
  return ({ request }: { request: Request }) => {
    if (answered || !matches(new URL(request.url))) return undefined;
    answered = true;
    return respond();
  };
}
