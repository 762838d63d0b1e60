/** The list's loading footer, the no-match text, failures that keep the session, and error toasts that close. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage, { NO_SEARCH_MATCH_TEXT } from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
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
import { renderRoute } from './support/render';

const mockSend = jest.fn();
jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com' }),
  useSessionActor: () => ({ send: mockSend }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;

beforeEach(() => {
  api = startMockApi();
  mockSend.mockClear();
});

afterEach(() => {
  cleanupStore?.();
});

function open(path = '/todos') {
  const view = renderRoute(TodosPage, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

describe('the todo list, beyond the happy path', () => {
  it('claims no count while the list loads', async () => {
    api.seed(2);
    const held = heldResponse();
    server.use(http.get(apiUrl('todos'), () => held.promise, { once: true }));
    open();
    expect(await screen.findAllByTestId('todo-skeleton')).toHaveLength(5);
    expect(screen.queryByText(/Showing 0 to 0/)).not.toBeInTheDocument();
    held.release(
      jsonResponse(
        200,
        api.list(new URLSearchParams('pagination[page]=1&pagination[pageSize]=10')),
      ),
    );
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('says "No todos match your search" with a Clear search button that clears it', async () => {
    api.seed(3);
    const { user, router } = open('/todos?search=zebra');
    expect(await screen.findByText(NO_SEARCH_MATCH_TEXT)).toBeInTheDocument();
    expect(NO_SEARCH_MATCH_TEXT).toBe('No todos match your search');
    expect(screen.queryByText(/Add your first todo/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getAllByTestId('todo-row')).toHaveLength(3));
    expect(router.location.search).toBe('');
    expect(screen.getByPlaceholderText('Search todos...')).toHaveValue('');
  });

  it('a 500 keeps the session and shows the error page', async () => {
    server.use(
      http.get(apiUrl('todos'), () =>
        jsonResponse(500, errorBody(500, 'InternalServerError', 'Internal Server Error')),
      ),
    );
    open();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Internal Server Error' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(mockSend).not.toHaveBeenCalled();
  }, 15_000);

  it('closes an old error toast once a later action of the same kind succeeds', async () => {
    api.seed(1);
    const { user } = open();
    const box = await screen.findByRole('checkbox', { name: 'Mark Todo 1 as completed' });
    server.use(
      http.put(
        apiUrl('todos/:id'),
        () => jsonResponse(500, errorBody(500, 'InternalServerError', 'Tick failed')),
        { once: true },
      ),
    );
    await user.click(box);
    expect(await screen.findByText('Tick failed')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    await waitFor(() => expect(screen.queryByText('Tick failed')).not.toBeInTheDocument());
  });
});
