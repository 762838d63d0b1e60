import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createAppStore } from '../../../src/client/app/store';
import { api } from '../../../src/client/lib/api';
import HomePage from '../../../src/client/home/HomePage';
import {
  DASHBOARD_ERROR_TITLE,
  EMPTY_DASHBOARD_TEXT,
  RECENT_HEADING,
} from '../../../src/client/home/DashboardView';
import { todosApi } from '../../../src/client/todos/todosApi';
import {
  apiUrl,
  errorBody,
  firstMatching,
  heldResponse,
  jsonResponse,
  startMockApi,
  type MockApi,
} from '../support/mockApi';
import { server } from '../support/mswServer';
import { testRouter } from '../support/testRouter';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com' }),
}));

let mock: MockApi;
let store: ReturnType<typeof createAppStore>;

beforeEach(() => {
  mock = startMockApi();
  store = createAppStore({ getToken: () => 'jwt-test', onUnauthorized: () => {} });
});

afterEach(() => {
  store.dispatch(api.util.resetApiState());
});

function open() {
  const { router, Probe } = testRouter();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/']}>
        <Probe />
        <Routes>
          <Route path="/" Component={HomePage} />
          <Route path="/todos" element={<h1>Todos</h1>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, router, user: userEvent.setup() };
}

const count = (key: 'all' | 'pending' | 'completed') => screen.getByTestId(`count-${key}`);
const counts = () =>
  (['all', 'pending', 'completed'] as const).map((key) => {
    const card = count(key);
    return `${within(card).getByRole('term').textContent} ${within(card).getByRole('definition').textContent}`;
  });
const recentTitles = () =>
  screen.queryAllByTestId('recent-todo').map((row) => within(row).getByRole('heading').textContent);
/** Adds todos with these titles, a minute apart; those named in `completed` are done. */
const add = (titles: string[], completed: string[] = []) =>
  titles.forEach((title) => mock.insert({ title, completed: completed.includes(title) }));

/** Changes a todo as a PUT would, making it the most recently updated. */
function touch(title: string) {
  const todo = mock.todos.find((candidate) => candidate.attributes.title === title)!;
  mock.backend.todos.update(mock.userId, todo.id, { data: { title } });
}

const seven = [
  'Buy milk',
  'Call mum',
  'Pay rent',
  'Walk dog',
  'Read book',
  'Fix bike',
  'Water plants',
];

describe('the home dashboard', () => {
  it('greets the user, shows skeletons while loading, then the counts and the five most recently updated', async () => {
    add(seven, ['Call mum', 'Walk dog', 'Fix bike']);
    touch('Buy milk'); // now the most recently updated, though the oldest created
    const held = heldResponse();
    server.use(
      http.get(
        apiUrl('todos'),
        firstMatching(
          (url) => url.searchParams.get('sort') === 'updatedAt:desc',
          () => held.promise,
        ),
      ),
    );
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, ann!' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('recent-skeleton')).toHaveLength(5);
    expect(screen.getAllByTestId('count-skeleton')).toHaveLength(3);
    held.release(
      jsonResponse(
        200,
        mock.list(new URLSearchParams('pagination[pageSize]=5&sort=updatedAt:desc')),
      ),
    );

    await waitFor(() => expect(recentTitles()).toHaveLength(5));
    expect(screen.queryAllByTestId('recent-skeleton')).toHaveLength(0);
    expect(counts()).toEqual(['All 7', 'Pending 4', 'Completed 3']);
    expect(screen.getByRole('heading', { level: 2, name: RECENT_HEADING })).toBeInTheDocument();
    expect(recentTitles()).toEqual([
      'Buy milk',
      'Water plants',
      'Fix bike',
      'Read book',
      'Walk dog',
    ]);
    const [milk, , bike] = screen.getAllByTestId('recent-todo') as HTMLElement[];
    expect(within(milk!).getByText('Pending')).toBeInTheDocument();
    expect(within(bike!).getByText('Completed')).toBeInTheDocument();
    expect(
      within(milk!).getByText(/^Updated at: January 1, 2026 at \d\d:\d\d [AP]M$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my todos' })).toHaveAttribute('href', '/todos');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('asks only for two one-page lists (exact totals), never the whole list', async () => {
    add(seven, ['Call mum']);
    open();
    await waitFor(() => expect(recentTitles()).toHaveLength(5));
    const asked = mock.requests.map(
      (request) =>
        `${request.method} ${request.url.pathname}?${decodeURIComponent(request.url.search.slice(1))}`,
    );
    expect(asked.sort()).toEqual([
      'GET /api/todos?filters[completed][$eq]=true&pagination[pageSize]=1',
      'GET /api/todos?pagination[pageSize]=5&sort=updatedAt:desc',
    ]);
    expect(mock.requests.every((request) => request.authorization === 'Bearer jwt-test')).toBe(
      true,
    );
  });

  it('shows big totals from the server as they are, formatted', async () => {
    server.use(
      http.get(
        apiUrl('todos'),
        firstMatching(
          (url) => url.searchParams.get('sort') === 'updatedAt:desc',
          () =>
            jsonResponse(200, {
              data: [],
              meta: { pagination: { page: 1, pageSize: 5, pageCount: 20_000, total: 100_000 } },
            }),
        ),
      ),
    );
    server.use(
      http.get(
        apiUrl('todos'),
        firstMatching(
          (url) => url.searchParams.has('filters[completed][$eq]'),
          () =>
            jsonResponse(200, {
              data: [],
              meta: { pagination: { page: 1, pageSize: 1, pageCount: 99_999, total: 99_999 } },
            }),
        ),
      ),
    );
    open();
    await waitFor(() => expect(counts()).toEqual(['All 100,000', 'Pending 1', 'Completed 99,999']));
  });

  it('says there are no todos yet, with the way to the list, for a user without any', async () => {
    open();
    expect(await screen.findByText(EMPTY_DASHBOARD_TEXT)).toBeInTheDocument();
    expect(EMPTY_DASHBOARD_TEXT).toBe('No todos available. Add your first todo!');
    expect(screen.queryByTestId('count-all')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: RECENT_HEADING })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my todos' })).toHaveAttribute('href', '/todos');
  });

  it('shows the server message when the summary cannot be loaded, and tries again on request', async () => {
    add(['Only one']);
    server.use(
      http.get(
        apiUrl('todos'),
        firstMatching(
          (url) => url.searchParams.has('filters[completed][$eq]'),
          () => jsonResponse(400, errorBody(400, 'ValidationError', 'Invalid filter')),
        ),
      ),
    );
    const { user } = open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DASHBOARD_ERROR_TITLE);
    expect(alert).toHaveTextContent('Invalid filter');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, ann!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my todos' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(counts()).toEqual(['All 1', 'Pending 1', 'Completed 0']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Network error! Please try again later." when nothing answers', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0); // the shortest backoff between the retries
    server.use(http.all(apiUrl('*'), () => HttpResponse.error()));
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Network error! Please try again later.',
    );
    jest.restoreAllMocks();
  }, 15_000);

  it('refetches when a todo is added or deleted anywhere in the app (the todo list tag)', async () => {
    add(['First', 'Second'], ['Second']);
    open();
    await waitFor(() => expect(counts()).toEqual(['All 2', 'Pending 1', 'Completed 1']));
    await act(() =>
      store.dispatch(todosApi.endpoints.addTodo.initiate({ title: 'Third', user: 7 })),
    );
    await waitFor(() => expect(counts()).toEqual(['All 3', 'Pending 2', 'Completed 1']));
    expect(recentTitles()[0]).toBe('Third');
    await act(() => store.dispatch(todosApi.endpoints.deleteTodo.initiate(2)));
    await waitFor(() => expect(counts()).toEqual(['All 2', 'Pending 2', 'Completed 0']));
    expect(recentTitles()).toEqual(['Third', 'First']);
  });

  it('is fresh again when the user comes back after ticking a todo on the list', async () => {
    add(['First', 'Second']);
    const { router } = open();
    await waitFor(() => expect(counts()).toEqual(['All 2', 'Pending 2', 'Completed 0']));
    await act(() => router.navigate('/todos'));
    await act(() =>
      store.dispatch(todosApi.endpoints.setTodoCompleted.initiate({ id: 1, completed: true })),
    );
    await act(() => router.navigate('/'));
    await waitFor(() => expect(counts()).toEqual(['All 2', 'Pending 1', 'Completed 1']));
    expect(recentTitles()).toEqual(['First', 'Second']);
  });
});
