import { createAppStore } from '../../../src/client/app/store';
import { listTodosQuery, restoreTodoBody } from '../../../src/client/todos/listQuery';
import {
  LIST_TAG,
  refreshTodoLists,
  STATUS_LIST_TAG,
  todosApi,
} from '../../../src/client/todos/todosApi';
import { DEFAULT_VIEW, type TodoView } from '../../../src/client/todos/view';
import { http } from 'msw';
import {
  apiUrl,
  errorBody,
  heldResponse,
  jsonResponse,
  startMockApi,
  type MockApi,
} from '../support/mockApi';
import { server } from '../support/mswServer';

const { getTodos, addTodo, restoreTodo, editTodo, deleteTodo, setTodoCompleted, createSampleTodo } =
  todosApi.endpoints;

let api: MockApi;
let store: ReturnType<typeof createAppStore>;
let onUnauthorized: jest.Mock;

beforeEach(() => {
  api = startMockApi({ tokens: ['jwt-123'] });
  onUnauthorized = jest.fn();
  store = createAppStore({ getToken: () => 'jwt-123', onUnauthorized });
});

afterEach(() => {
  store.dispatch(todosApi.util.resetApiState());
});

const view = (change: Partial<TodoView> = {}): TodoView => ({ ...DEFAULT_VIEW, ...change });
const listGets = () => api.requestsTo('GET');

async function waitFor(check: () => boolean, what: string, timeoutMs = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the list query', () => {
  it('maps the view to pagination, title filter and sort', () => {
    const query = new URLSearchParams(
      listTodosQuery(
        view({ page: 3, pageSize: 20, search: 'buy milk', sort: 'title', order: 'desc' }),
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      'pagination[page]': '3',
      'pagination[pageSize]': '20',
      'filters[title][$contains]': 'buy milk',
      'populate[project]': 'true',
      'populate[labels]': 'true',
      'populate[parent][fields][0]': 'title',
      'populate[parent][populate][parent][fields][0]': 'title',
      'populate[subtasks][fields][0]': 'completed',
      'populate[subtasks][populate][subtasks][fields][0]': 'completed',
      sort: 'title:desc',
    });
  });

  it('asks for the top-level todos with two levels of subtasks and their labels when nothing narrows the list', () => {
    expect(Object.fromEntries(new URLSearchParams(listTodosQuery(view())))).toEqual({
      'pagination[page]': '1',
      'pagination[pageSize]': '10',
      'filters[parent][id][$null]': 'true',
      'populate[labels]': 'true',
      'populate[project]': 'true',
      'populate[subtasks][populate][labels]': 'true',
      'populate[subtasks][populate][subtasks][populate][labels]': 'true',
      sort: 'createdAt:asc',
    });
  });

  it.each([
    ['a search', { search: 'milk' }],
    ['a status filter', { status: 'pending' }],
    ['a priority filter', { priority: 2 }],
  ] as const)('lists every matching todo, subtasks included, under %s', (_name, change) => {
    const query = new URLSearchParams(listTodosQuery(view(change)));
    expect(query.has('filters[parent][id][$null]')).toBe(false);
    expect(query.get('populate[parent][fields][0]')).toBe('title');
  });

  it.each([
    ['pending', 'false'],
    ['completed', 'true'],
  ] as const)('maps the status %s to filters[completed][$eq]=%s', (status, value) => {
    const query = new URLSearchParams(listTodosQuery(view({ status, search: 'milk' })));
    expect(query.get('filters[completed][$eq]')).toBe(value);
    expect(query.get('filters[title][$contains]')).toBe('milk');
  });

  it('sends no completion filter for All', () => {
    expect(
      new URLSearchParams(listTodosQuery(view({ status: 'all' }))).has('filters[completed][$eq]'),
    ).toBe(false);
  });

  it('maps the priority filter to filters[priority][$eq], None included, and All to none', () => {
    for (const priority of [0, 1, 2, 3] as const) {
      const query = new URLSearchParams(listTodosQuery(view({ priority })));
      expect(query.get('filters[priority][$eq]')).toBe(String(priority));
    }
    const all = new URLSearchParams(listTodosQuery(view({ priority: 'all' })));
    expect([...all.keys()].some((key) => key.startsWith('filters[priority]'))).toBe(false);
  });

  it('maps the label filter to filters[labels][id][$eq], and none to no label filter', () => {
    const query = new URLSearchParams(listTodosQuery(view({ label: 7 })));
    expect(query.get('filters[labels][id][$eq]')).toBe('7');
    const every = new URLSearchParams(listTodosQuery(view({ label: null })));
    expect([...every.keys()].some((key) => key.startsWith('filters[labels]'))).toBe(false);
  });

  it('sorts by priority as sort=priority:desc', () => {
    const query = new URLSearchParams(listTodosQuery(view({ sort: 'priority', order: 'desc' })));
    expect(query.getAll('sort')).toEqual(['priority:desc']);
  });

  it('reads only the todos of the status asked for', async () => {
    api.insert({ title: 'Open', description: null, completed: false });
    api.insert({ title: 'Done', description: null, completed: true });
    const titles = async (status: TodoView['status']) =>
      (await store.dispatch(getTodos.initiate(view({ status })))).data?.todos.map(
        (todo) => todo.attributes.title,
      );
    expect(await titles('all')).toEqual(['Open', 'Done']);
    expect(await titles('pending')).toEqual(['Open']);
    expect(await titles('completed')).toEqual(['Done']);
    expect(
      listGets().map((request) => request.url.searchParams.get('filters[completed][$eq]')),
    ).toEqual([null, 'false', 'true']);
  });

  it('sends no title filter for an empty or blank search', () => {
    expect(listTodosQuery(view({ search: '   ' }))).toBe(listTodosQuery(view()));
    expect(listTodosQuery(view())).not.toContain('title');
  });

  it('asks for the Inbox or one project when the screen has that scope', () => {
    const params = (project?: number | null) =>
      Object.fromEntries(new URLSearchParams(listTodosQuery({ ...view({}), project })));
    expect(params(null)).toMatchObject({ 'filters[project][id][$null]': 'true' });
    expect(params(4)).toMatchObject({ 'filters[project][id][$eq]': '4' });
    expect(Object.keys(params()).some((key) => key.startsWith('filters[project]'))).toBe(false);
  });

  it('calls GET /api/todos with that query and the bearer token, and reads data and the pagination', async () => {
    api.seed(23);
    const result = await store.dispatch(
      getTodos.initiate(view({ page: 2, pageSize: 5, search: 'Todo 1', order: 'desc' })),
    );
    const [request] = listGets();
    expect(request?.url.pathname).toBe('/api/todos');
    expect(request?.url.searchParams.get('pagination[page]')).toBe('2');
    expect(request?.url.searchParams.get('pagination[pageSize]')).toBe('5');
    expect(request?.url.searchParams.get('filters[title][$contains]')).toBe('Todo 1');
    expect(request?.url.searchParams.get('sort')).toBe('createdAt:desc');
    expect(request?.authorization).toBe('Bearer jwt-123');
    // "Todo 1" and "Todo 10".."Todo 19": 11 matches, newest first, page 2 of 5 per page.
    expect(result.data?.total).toBe(11);
    expect(result.data?.pageCount).toBe(3);
    expect(result.data?.todos.map((todo) => todo.attributes.title)).toEqual([
      'Todo 14',
      'Todo 13',
      'Todo 12',
      'Todo 11',
      'Todo 10',
    ]);
  });

  it('provides one tag per row plus the list tag', async () => {
    api.seed(2);
    await store.dispatch(getTodos.initiate(view()));
    const tagged = (tag: { type: 'Todo'; id: number | string }) =>
      todosApi.util.selectInvalidatedBy(store.getState(), [tag]).map((entry) => entry.endpointName);
    expect(tagged({ type: 'Todo', id: 1 })).toEqual(['getTodos']);
    expect(tagged({ type: 'Todo', id: 2 })).toEqual(['getTodos']);
    expect(tagged({ type: 'Todo', id: 3 })).toEqual([]);
    expect(tagged(LIST_TAG)).toEqual(['getTodos']);
  });

  it('tells the session about a 401', async () => {
    server.use(
      http.get(
        apiUrl('todos'),
        () =>
          jsonResponse(401, errorBody(401, 'UnauthorizedError', 'Missing or invalid credentials')),
        { once: true },
      ),
    );
    const result = await store.dispatch(getTodos.initiate(view()));
    expect(result.error).toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('changes refetch the list on screen', () => {
  /** Subscribes to the default list, as a mounted screen would (wrapped: the thunk is a thenable). */
  async function watchList() {
    const subscription = store.dispatch(getTodos.initiate(view()));
    await subscription;
    return { unsubscribe: () => subscription.unsubscribe() };
  }

  it('adding a todo posts {data:{title, description, user}} and refetches', async () => {
    api.seed(1);
    const subscription = await watchList();
    const outcome = await store
      .dispatch(addTodo.initiate({ title: 'New', description: 'Desc', user: 7 }))
      .unwrap();
    expect(outcome.status).toBe(200);
    expect(api.requestsTo('POST')[0]?.body).toEqual({
      data: { title: 'New', description: 'Desc', user: 7 },
    });
    await waitFor(() => listGets().length === 2, 'the refetch');
    await waitFor(
      () => getTodos.select(view())(store.getState()).data?.total === 2,
      'the new total',
    );
    subscription.unsubscribe();
  });

  it('restoring a deleted todo brings the same todo back from the trash (POST /todos/:id/restore) and refetches', async () => {
    api.seed(1);
    const subscription = await watchList();
    const deleted = api.insert({ title: 'Gone', description: 'Was here', completed: true });
    await store.dispatch(deleteTodo.initiate(deleted.id)).unwrap();
    await waitFor(
      () => getTodos.select(view())(store.getState()).data?.total === 1,
      'the delete refetch',
    );
    const outcome = await store.dispatch(restoreTodo.initiate({ todo: deleted, user: 7 })).unwrap();
    expect(outcome.status).toBe(200);
    expect(api.requestsTo('POST').map((request) => request.url.pathname)).toEqual([
      `/api/todos/${deleted.id}/restore`,
    ]);
    expect(api.requestsTo('POST')[0]?.body).toBeUndefined();
    await waitFor(
      () => getTodos.select(view())(store.getState()).data?.total === 2,
      'the restore refetch',
    );
    const restored = getTodos.select(view())(store.getState()).data?.todos[1];
    expect(restored?.id).toBe(deleted.id);
    expect(restored?.attributes).toMatchObject({
      title: 'Gone',
      description: 'Was here',
      completed: true,
    });
    subscription.unsubscribe();
  });

  it('a restore body keeps a missing description as null, the place, and leaves out an unknown owner', () => {
    const todo = api.insert({ title: 'Bare', description: null, completed: false });
    expect(restoreTodoBody({ todo, user: undefined })).toEqual({
      data: { title: 'Bare', description: null, completed: false, position: todo.id },
    });
    const flagged = api.insert({ title: 'Urgent', priority: 3 });
    expect(restoreTodoBody({ todo: flagged, user: 7 }).data).toMatchObject({ priority: 3 });
  });

  it('a failed restore does not refetch', async () => {
    const subscription = await watchList();
    const todo = api.insert({ title: 'Gone', description: null, completed: false });
    server.use(
      http.post(
        apiUrl('todos/:id/restore'),
        () => jsonResponse(500, errorBody(500, 'InternalServerError', 'Internal Server Error')),
        { once: true },
      ),
    );
    const result = await store.dispatch(restoreTodo.initiate({ todo, user: 7 }));
    expect(result.error).toMatchObject({ status: 500 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listGets()).toHaveLength(1);
    subscription.unsubscribe();
  });

  it('editing a todo puts {data:{...}} and refetches', async () => {
    api.seed(1);
    const subscription = await watchList();
    await store
      .dispatch(editTodo.initiate({ id: 1, changes: { title: 'Renamed', description: '' } }))
      .unwrap();
    expect(api.requestsTo('PUT', '/api/todos/1')[0]?.body).toEqual({
      data: { title: 'Renamed', description: '' },
    });
    await waitFor(
      () =>
        getTodos.select(view())(store.getState()).data?.todos[0]?.attributes.title === 'Renamed',
      'the new title',
    );
    expect(listGets()).toHaveLength(2);
    subscription.unsubscribe();
  });

  it('deleting a todo calls DELETE /api/todos/:id and refetches', async () => {
    api.seed(2);
    const subscription = await watchList();
    await store.dispatch(deleteTodo.initiate(1)).unwrap();
    expect(api.requestsTo('DELETE', '/api/todos/1')).toHaveLength(1);
    await waitFor(
      () => getTodos.select(view())(store.getState()).data?.total === 1,
      'the smaller total',
    );
    subscription.unsubscribe();
  });

  it('a failed change does not refetch', async () => {
    api.seed(1);
    const subscription = await watchList();
    server.use(
      http.post(
        apiUrl('todos'),
        () => jsonResponse(400, errorBody(400, 'ValidationError', 'title is a required field')),
        { once: true },
      ),
    );
    const result = await store.dispatch(addTodo.initiate({ title: 'x' }));
    expect(result.error).toMatchObject({ status: 400 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listGets()).toHaveLength(1);
    subscription.unsubscribe();
  });

  it('a status other than 200 is reported, so the dialog can say so', async () => {
    server.use(
      http.post(
        apiUrl('todos'),
        () => jsonResponse(201, { data: { id: 9, attributes: {} }, meta: {} }),
        { once: true },
      ),
    );
    const outcome = await store.dispatch(addTodo.initiate({ title: 'x' })).unwrap();
    expect(outcome.status).toBe(201);
  });

  it('a 204 without a body is a success with no todo', async () => {
    api.seed(1);
    server.use(
      http.delete(apiUrl('todos/:id'), () => new Response(null, { status: 204 }), { once: true }),
    );
    await expect(store.dispatch(deleteTodo.initiate(1)).unwrap()).resolves.toEqual({
      status: 204,
      todo: null,
    });
  });

  it('a generated sample does not refetch by itself; refreshing the lists does', async () => {
    const subscription = await watchList();
    await store
      .dispatch(createSampleTodo.initiate({ title: 'Sample', description: 'p', user: [7] }))
      .unwrap();
    expect(api.requestsTo('POST')[0]?.body).toEqual({
      data: { title: 'Sample', description: 'p', user: [7] },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listGets()).toHaveLength(1);
    store.dispatch(refreshTodoLists());
    await waitFor(() => listGets().length === 2, 'the refresh');
    subscription.unsubscribe();
  });
});

describe('completion', () => {
  const completedIn = (args: TodoView) =>
    getTodos.select(args)(store.getState()).data?.todos[0]?.attributes.completed;

  it('is shown at once, before the server answers, and keeps the server values after', async () => {
    api.seed(1);
    const subscription = store.dispatch(getTodos.initiate(view()));
    await subscription;
    const held = heldResponse();
    server.use(http.put(apiUrl('todos/:id'), () => held.promise, { once: true }));
    const change = store.dispatch(setTodoCompleted.initiate({ id: 1, completed: true }));
    await waitFor(() => api.requestsTo('PUT').length === 1, 'the PUT');
    expect(api.requestsTo('PUT')[0]?.body).toEqual({ data: { completed: true } });
    expect(completedIn(view())).toBe(true);
    const saved = {
      ...api.todos[0]!,
      attributes: {
        ...api.todos[0]!.attributes,
        completed: true,
        updatedAt: '2030-01-01T00:00:00.000Z',
      },
    };
    held.release(jsonResponse(200, { data: saved, meta: {} }));
    await change;
    expect(getTodos.select(view())(store.getState()).data?.todos[0]?.attributes.updatedAt).toBe(
      '2030-01-01T00:00:00.000Z',
    );
    expect(listGets()).toHaveLength(1);
    subscription.unsubscribe();
  });

  it('refetches once more when a list was being refetched during the change, so a stale answer does not stay', async () => {
    api.seed(1);
    const subscription = store.dispatch(getTodos.initiate(view()));
    await subscription;
    const staleList = api.list(new URLSearchParams('pagination[page]=1&pagination[pageSize]=10'));
    const heldList = heldResponse();
    server.use(http.get(apiUrl('todos'), () => heldList.promise, { once: true }));
    store.dispatch(refreshTodoLists());
    await waitFor(() => listGets().length === 2, 'the refetch to start');
    await store.dispatch(setTodoCompleted.initiate({ id: 1, completed: true }));
    heldList.release(jsonResponse(200, staleList)); // the list as it was before the change
    await waitFor(() => listGets().length === 3, 'one more refetch');
    await waitFor(() => completedIn(view()) === true, 'the saved value');
    subscription.unsubscribe();
  });

  it('refetches the Pending and Completed lists, which it changes, and not the others', async () => {
    api.seed(2);
    const all = store.dispatch(getTodos.initiate(view()));
    const pending = store.dispatch(getTodos.initiate(view({ status: 'pending' })));
    const completed = store.dispatch(getTodos.initiate(view({ status: 'completed' })));
    await Promise.all([all, pending, completed]);
    expect(todosApi.util.selectInvalidatedBy(store.getState(), [STATUS_LIST_TAG])).toHaveLength(2);
    await store.dispatch(setTodoCompleted.initiate({ id: 1, completed: true })).unwrap();
    const titles = (status: TodoView['status']) =>
      getTodos
        .select(view({ status }))(store.getState())
        .data?.todos.map((todo) => todo.attributes.title);
    await waitFor(() => titles('completed')?.join() === 'Todo 1', 'Todo 1 in the Completed list');
    await waitFor(() => titles('pending')?.join() === 'Todo 2', 'Todo 1 out of the Pending list');
    const gets = (status: string | null) =>
      listGets().filter(
        (request) => request.url.searchParams.get('filters[completed][$eq]') === status,
      ).length;
    expect([gets(null), gets('false'), gets('true')]).toEqual([1, 2, 2]);
    all.unsubscribe();
    pending.unsubscribe();
    completed.unsubscribe();
  });

  it('is rolled back in every cached list when the call fails', async () => {
    api.seed(1);
    const first = store.dispatch(getTodos.initiate(view()));
    const second = store.dispatch(getTodos.initiate(view({ sort: 'title' })));
    await Promise.all([first, second]);
    const held = heldResponse();
    server.use(http.put(apiUrl('todos/:id'), () => held.promise, { once: true }));
    const change = store.dispatch(setTodoCompleted.initiate({ id: 1, completed: true }));
    await waitFor(() => api.requestsTo('PUT').length === 1, 'the PUT');
    expect(completedIn(view())).toBe(true);
    expect(completedIn(view({ sort: 'title' }))).toBe(true);
    held.release(jsonResponse(500, errorBody(500, 'InternalServerError', 'Internal Server Error')));
    const result = await change;
    expect('error' in result && result.error).toMatchObject({ status: 500 });
    expect(completedIn(view())).toBe(false);
    expect(completedIn(view({ sort: 'title' }))).toBe(false);
    expect(api.requestsTo('PUT')).toHaveLength(1); // changes are not retried
    first.unsubscribe();
    second.unsubscribe();
  });
});
