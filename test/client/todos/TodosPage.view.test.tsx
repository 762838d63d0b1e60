/**
 * The list's view remembered per user in jsdom: the last chosen page size, sort, order and status
 * come back when /todos is opened without view params (the navbar's Todos link), an explicit URL
 * wins, two users keep their own, "Reset view" returns to the spec's defaults; and Generate Todos
 * ends with a toast naming how many were created, whose Undo deletes exactly those.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderRoute } from './support/render';

let mockUser = { id: 7, username: 'ann', email: 'ann@example.com' };
jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => mockUser,
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;

beforeEach(() => {
  localStorage.clear();
  mockUser = { id: 7, username: 'ann', email: 'ann@example.com' };
  api = startMockApi();
});

afterEach(() => {
  cleanupStore?.();
  cleanupStore = undefined;
});

function open(path = '/todos') {
  const view = renderRoute(TodosPage, path);
  const close = () => {
    view.unmount();
    view.store.dispatch(todosApi.util.resetApiState());
  };
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, close, user: userEvent.setup() };
}

const select = (label: string) => screen.getByLabelText(label);
/** The four selects' values, in the order they are shown. */
const shownView = () =>
  ['Items per page', 'Sort by', 'Order', 'Status'].map(
    (label) => (select(label) as HTMLSelectElement).value,
  );
const lastListQuery = () => {
  const lists = api.requestsTo('GET', '/api/todos').filter((r) => r.url.pathname === '/api/todos');
  return lists[lists.length - 1]?.url.searchParams;
};

describe('the remembered view', () => {
  it('a new user sees the spec defaults: 10 per page, Creation Date, Ascending, All', async () => {
    api.seed(12);
    const { router } = open();
    await screen.findByText('Showing 1 to 10 of 12 entries');
    expect(shownView()).toEqual(['10', 'createdAt', 'asc', 'all']);
    expect(router.location.search).toBe('');
  });

  it('brings back the last chosen page size, sort, order and status, per user', async () => {
    api.seed(12);
    const ann = open();
    await screen.findByText('Showing 1 to 10 of 12 entries');
    await ann.user.selectOptions(select('Items per page'), '5');
    await ann.user.selectOptions(select('Sort by'), 'title');
    await ann.user.selectOptions(select('Order'), 'desc');
    await ann.user.selectOptions(select('Status'), 'pending');
    await waitFor(() =>
      expect(ann.router.location.search).toBe('?pageSize=5&sort=title&order=desc&status=pending'),
    );
    ann.close();

    // Another user of this browser has a view of their own: the defaults.
    mockUser = { id: 8, username: 'bob', email: 'bob@example.com' };
    const bob = open();
    await screen.findByText('Showing 1 to 10 of 12 entries');
    expect(shownView()).toEqual(['10', 'createdAt', 'asc', 'all']);
    expect(bob.router.location.search).toBe('');
    bob.close();

    // Ann's comes back, asked of the server at once (no request for the default view first).
    mockUser = { id: 7, username: 'ann', email: 'ann@example.com' };
    const requestsBefore = api.requests.length;
    const again = open();
    await screen.findByText('Showing 1 to 5 of 12 entries');
    expect(shownView()).toEqual(['5', 'title', 'desc', 'pending']);
    expect(again.router.location.search).toBe('?pageSize=5&sort=title&order=desc&status=pending');
    const lists = api.requests
      .slice(requestsBefore)
      .filter((request) => request.url.pathname === '/api/todos');
    expect(lists.map((request) => request.url.searchParams.get('pagination[pageSize]'))).toEqual([
      '5',
    ]);
    expect(within(screen.getAllByTestId('todo-row')[0]!).getByRole('heading')).toHaveTextContent(
      'Todo 9',
    );
  });

  it('a URL that names a view wins; the Todos link (no params) brings the remembered one back', async () => {
    api.seed(12);
    localStorage.setItem('ticklist:preference:7:listView', JSON.stringify('pageSize=5'));
    const { router } = open('/todos?order=desc');
    await screen.findByText('Showing 1 to 10 of 12 entries');
    expect(shownView()).toEqual(['10', 'createdAt', 'desc', 'all']);
    expect(router.location.search).toBe('?order=desc');

    // Opening a shared link chose nothing: the remembered view stays as it was.
    await act(() => router.navigate('/todos'));
    await screen.findByText('Showing 1 to 5 of 12 entries');
    expect(router.location.search).toBe('?pageSize=5');
    expect(lastListQuery()?.get('sort')).toBe('createdAt:asc');
  });

  it('a page step or a search is not remembered', async () => {
    api.seed(12);
    const first = open();
    await screen.findByText('Showing 1 to 10 of 12 entries');
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11 to 12 of 12 entries');
    first.close();
    const { router } = open();
    await screen.findByText('Showing 1 to 10 of 12 entries');
    expect(router.location.search).toBe('');
    expect(localStorage.getItem('ticklist:preference:7:listView')).toBeNull();
  });

  it('"Reset view" returns to the spec defaults and remembers them', async () => {
    api.seed(12);
    localStorage.setItem(
      'ticklist:preference:7:listView',
      JSON.stringify('pageSize=20&sort=title&order=desc&status=pending'),
    );
    const first = open('/todos?pageSize=20&sort=title&order=desc&status=pending&search=Todo');
    await screen.findByText('Showing 1 to 12 of 12 entries');
    await first.user.click(screen.getByRole('button', { name: 'Reset view' }));
    await waitFor(() => expect(first.router.location.search).toBe(''));
    expect(shownView()).toEqual(['10', 'createdAt', 'asc', 'all']);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await screen.findByText('Showing 1 to 10 of 12 entries');
    first.close();

    const again = open();
    await screen.findByText('Showing 1 to 10 of 12 entries');
    expect(again.router.location.search).toBe('');
    expect(shownView()).toEqual(['10', 'createdAt', 'asc', 'all']);
  });
});

describe('Generate Todos', () => {
  it('says how many todos it created; Undo deletes exactly those in one bulk call', async () => {
    api.seed(2);
    const { user } = open();
    await screen.findByText('Showing 1 to 2 of 2 entries');
    await user.click(screen.getByRole('button', { name: 'Generate Todos' }));
    const toast = (await screen.findByText('100 todos created', {}, { timeout: 30_000 })).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(api.todos).toHaveLength(102);
    const created = api.todos.slice(2).map((todo) => todo.id);

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('100 todos moved to the trash')).toBeInTheDocument();
    const bulk = api.requestsTo('POST', '/api/todos/bulk').map((request) => request.body);
    expect(bulk).toEqual([{ action: 'delete', ids: created }]);
    expect(api.todos.map((todo) => todo.attributes.title)).toEqual(['Todo 1', 'Todo 2']);
    await screen.findByText('Showing 1 to 2 of 2 entries');
  }, 60_000);
});
