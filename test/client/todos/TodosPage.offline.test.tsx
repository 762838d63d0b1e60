/** Offline, a list read that fails is no error page and no sign-out: the last list stays, or a line says so. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage, { OFFLINE_MISS_TEXT } from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { http, HttpResponse } from 'msw';
import { apiUrl, startMockApi, type MockApi } from '../support/mockApi';
import { server } from '../support/mswServer';
import { renderRoute } from './support/render';

const mockSend = jest.fn();
jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com' }),
  useSessionActor: () => ({ send: mockSend }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;
let online: jest.SpyInstance<boolean, []>;

beforeEach(() => {
  api = startMockApi();
  mockSend.mockClear();
  online = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  cleanupStore?.();
  online.mockRestore();
});

function open(path = '/todos') {
  const view = renderRoute(TodosPage, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

const failReads = () => server.use(http.get(apiUrl('todos'), () => HttpResponse.error()));

function goOffline() {
  online.mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}

describe('the todo list offline', () => {
  it('a list never read on this device says so, at once, without the error page or a sign-out', async () => {
    goOffline();
    failReads();
    open();
    expect(await screen.findByText(OFFLINE_MISS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Todos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    // Offline a retry cannot help: one try, no backoff.
    expect(api.requestsTo('GET')).toHaveLength(1);
    expect(mockSend).not.toHaveBeenCalled();
  });

  it('another page that fails offline keeps the last list on screen', async () => {
    api.seed(12);
    const { user } = open();
    await waitFor(() => expect(screen.getAllByTestId('todo-row')).toHaveLength(10));
    goOffline();
    failReads();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.requestsTo('GET').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy'));
    expect(screen.getAllByTestId('todo-row')).toHaveLength(10);
    expect(screen.getByText('Todo 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_MISS_TEXT)).not.toBeInTheDocument();
    expect(mockSend).not.toHaveBeenCalled();
  });
});
