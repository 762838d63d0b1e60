import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage, { EMPTY_TEXT, NO_MATCH_TEXT } from '../../../src/client/todos/TodosPage';
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
import { setPreference } from '../../../src/client/lib/preferences';

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
  localStorage.setItem(
    'user',
    JSON.stringify({ jwt: 'jwt-test', user: { id: 7, username: 'ann' } }),
  );
});

afterEach(() => {
  cleanupStore?.();
  localStorage.clear();
});

function open(path = '/todos') {
  const view = renderRoute(TodosPage, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

const rows = () => screen.queryAllByTestId('todo-row');
const numbersAndTitles = () =>
  rows().map(
    (row) =>
      `${within(row).getByTestId('todo-number').textContent} ${within(row).getByRole('heading').textContent}`,
  );
const search = (router: ReturnType<typeof open>['router']) => router.location.search;

describe('the todo list screen', () => {
  it('shows the heading "Todos", five skeleton rows while loading, then the numbered rows', async () => {
    api.seed(3);
    const held = heldResponse();
    server.use(http.get(apiUrl('todos'), () => held.promise, { once: true }));
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Todos' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('todo-skeleton')).toHaveLength(5);
    held.release(
      jsonResponse(200, {
        data: api.todos,
        meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 3 } },
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryAllByTestId('todo-skeleton')).toHaveLength(0);
    expect(numbersAndTitles()).toEqual(['1. Todo 1', '2. Todo 2', '3. Todo 3']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows a row with its badge, buttons, description only when present, and dates', async () => {
    api.insert({ title: 'Done thing', description: 'With details', completed: true });
    api.insert({ title: 'Open thing', description: null, completed: false });
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [done, pending] = rows() as [HTMLElement, HTMLElement];
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    expect(within(done).getByText('Description:')).toBeInTheDocument();
    expect(within(done).getByText(/With details/)).toBeInTheDocument();
    expect(
      within(done).getByRole('checkbox', { name: 'Mark Done thing as completed' }),
    ).toBeChecked();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).queryByText('Description:')).not.toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Edit Open thing' })).toHaveTextContent(
      'Edit',
    );
    expect(within(pending).getByRole('button', { name: 'Delete Open thing' })).toHaveTextContent(
      'Delete',
    );
    // The spec's dates: long month, numeric day and year, 2-digit hour and minute.
    const dates = within(pending).getByTestId('todo-dates');
    expect(dates).toHaveTextContent(
      /^Created at: January 1, 2026 at \d\d:\d\d [AP]M · Updated at: January 1, 2026 at \d\d:\d\d [AP]M$/,
    );
    const times = dates.querySelectorAll('time');
    expect(times).toHaveLength(2);
    expect(times[0]!.getAttribute('dateTime')).toBe(api.todos[1]!.attributes.createdAt);
  });

  it('shows relative dates, the full date in the tooltip of each, once the user chose them', async () => {
    setPreference(7, 'dates', 'relative');
    api.insert({ title: 'Open thing', description: null, completed: false });
    open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const dates = within(rows()[0] as HTMLElement).getByTestId('todo-dates');
    expect(dates).toHaveTextContent(/^Created at: .+ ago · Updated at: .+ ago$/);
    const times = dates.querySelectorAll('time');
    expect(times[0]!.getAttribute('title')).toMatch(/^January 1, 2026 at \d\d:\d\d [AP]M$/);
    expect(times[1]!.getAttribute('title')).toMatch(/^January 1, 2026 at \d\d:\d\d [AP]M$/);
  });

  it('says "No todos available. Add your first todo!" for an empty list', async () => {
    open();
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(EMPTY_TEXT).toBe('No todos available. Add your first todo!');
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('focuses the search box on load and labels every control', async () => {
    open();
    const box = screen.getByPlaceholderText('Search todos...');
    expect(box).toHaveFocus();
    expect(screen.getByLabelText('Items per page')).toHaveValue('10');
    expect(screen.getByLabelText('Sort by')).toHaveValue('createdAt');
    expect(screen.getByLabelText('Order')).toHaveValue('asc');
    expect(
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Creation Date', 'Title', 'Due Date', 'Priority']);
    expect(
      within(screen.getByLabelText('Order'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ascending', 'Descending']);
    expect(
      within(screen.getByLabelText('Items per page'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '20', '50']);
    expect(screen.getByLabelText('Status')).toHaveValue('all');
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Completed']);
    await screen.findByText(EMPTY_TEXT);
  });

  it('pages with numbering that continues, and keeps the page in the URL', async () => {
    api.seed(23);
    const { user, router } = open('/todos?pageSize=5');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByText('Showing 1 to 5 of 23 entries')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2']);

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(numbersAndTitles()[0]).toBe('6. Todo 6'));
    expect(search(router)).toBe('?page=2&pageSize=5');
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3']);

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await user.click(await within(nav).findByRole('button', { name: 'Page 4' }));
    await user.click(await within(nav).findByRole('button', { name: 'Page 5' }));
    await waitFor(() =>
      expect(numbersAndTitles()).toEqual(['21. Todo 21', '22. Todo 22', '23. Todo 23']),
    );
    expect(screen.getByText('Showing 21 to 23 of 23 entries')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('goes back to page 1 when the page size, sort or order changes', async () => {
    api.seed(23);
    const { user, router } = open('/todos?page=3');
    await waitFor(() => expect(numbersAndTitles()[0]).toBe('21. Todo 21'));
    await user.selectOptions(screen.getByLabelText('Items per page'), '5');
    await waitFor(() => expect(search(router)).toBe('?pageSize=5'));
    await act(() => router.navigate('/todos?page=2&pageSize=5'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'title');
    await waitFor(() => expect(search(router)).toBe('?pageSize=5&sort=title'));
    await act(() => router.navigate('/todos?page=2&pageSize=5&sort=title'));
    await user.selectOptions(screen.getByLabelText('Order'), 'desc');
    await waitFor(() => expect(search(router)).toBe('?pageSize=5&sort=title&order=desc'));
    // "Todo 9" is the greatest title, case-insensitively.
    await waitFor(() => expect(numbersAndTitles()[0]).toBe('1. Todo 9'));
  });

  it('searches 500 ms after the last keystroke, once, and from page 1', async () => {
    api.seed(23);
    const { router } = open('/todos?page=2');
    await waitFor(() => expect(rows()).toHaveLength(10));
    const withFilter = () =>
      api
        .requestsTo('GET')
        .filter((request) => request.url.searchParams.has('filters[title][$contains]'));
    // Two changes in one tick, as quick typing makes them: a loaded machine cannot space them out
    // past the debounce, as it can keystrokes typed one by one.
    const box = screen.getByPlaceholderText('Search todos...');
    fireEvent.change(box, { target: { value: 'Todo' } });
    fireEvent.change(box, { target: { value: 'Todo 2' } });
    const typedAt = Date.now();
    expect(withFilter()).toHaveLength(0);
    await waitFor(() => expect(withFilter()).toHaveLength(1), { timeout: 1500 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(withFilter()[0]?.url.searchParams.get('filters[title][$contains]')).toBe('Todo 2');
    expect(withFilter()[0]?.url.searchParams.get('pagination[page]')).toBe('1');
    expect(search(router)).toBe('?search=Todo+2');
    await waitFor(() =>
      expect(numbersAndTitles()).toEqual([
        '1. Todo 2',
        '2. Todo 20',
        '3. Todo 21',
        '4. Todo 22',
        '5. Todo 23',
      ]),
    );
  });

  it('shows the search from the URL and follows the URL back', async () => {
    api.seed(3);
    const { router } = open('/todos?search=Todo+3');
    expect(screen.getByPlaceholderText('Search todos...')).toHaveValue('Todo 3');
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Todo 3']));
    await act(() => router.navigate('/todos'));
    expect(screen.getByPlaceholderText('Search todos...')).toHaveValue('');
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('brings a page past the end back to the last page', async () => {
    api.seed(12);
    const { router } = open('/todos?page=9');
    await waitFor(() => expect(search(router)).toBe('?page=2'));
    await waitFor(() => expect(numbersAndTitles()).toEqual(['11. Todo 11', '12. Todo 12']));
  });

  it('goes to the previous page when a delete empties the last one', async () => {
    api.seed(11);
    const { user, router } = open('/todos?page=2');
    await waitFor(() => expect(numbersAndTitles()).toEqual(['11. Todo 11']));
    await user.click(screen.getByRole('button', { name: 'Delete Todo 11' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this todo' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Todo Deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(search(router)).toBe(''));
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it('adds a todo through the "+" button and shows it after the refetch', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    await user.click(screen.getByRole('button', { name: 'Add todo' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Todo' });
    await user.type(within(dialog).getByLabelText('Title'), 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Fresh']));
    expect(api.requestsTo('POST')[0]?.body).toEqual({
      data: { title: 'Fresh', description: '', user: 7 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add todo' })).toHaveFocus();
  });

  it('ticks a todo at once and unticks it with an error toast when the call fails', async () => {
    api.seed(1);
    const { user } = open();
    const box = await screen.findByRole('checkbox', { name: 'Mark Todo 1 as completed' });
    const held = heldResponse();
    server.use(http.put(apiUrl('todos/:id'), () => held.promise, { once: true }));
    await user.click(box);
    // The PUT is still held: only the optimistic update can tick the box now (RTK applies it a tick
    // after the click, hence the wait).
    await waitFor(() => expect(box).toBeChecked());
    expect(within(rows()[0]!).getByText('Completed')).toBeInTheDocument();
    held.release(jsonResponse(404, errorBody(404, 'NotFoundError', 'Not Found')));
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
    // The undo (in the mutation's onQueryStarted) and the toast (the caller's catch) follow the same
    // failed call along two promise chains: either may come first.
    await waitFor(() => expect(box).not.toBeChecked());
    expect(within(rows()[0]!).getByText('Pending')).toBeInTheDocument();
  });

  it('keeps the session and shows the error page with the status and message when loading fails (not a 401)', async () => {
    server.use(
      http.get(
        apiUrl('todos'),
        () => jsonResponse(403, errorBody(403, 'ForbiddenError', 'Forbidden')),
        { once: true },
      ),
    );
    const { unmount } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forbidden' })).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    // Only a 401 ends the session (the api's base query reports it); a 403 leaves it be.
    expect(mockSend).not.toHaveBeenCalled();
    unmount();
  });

  it('filters by status: the select, the query sent, the URL, and back to page 1', async () => {
    for (let index = 1; index <= 12; index += 1) {
      api.insert({ title: `Todo ${index}`, description: null, completed: index % 3 === 0 });
    }
    const { user, router } = open('/todos?page=2');
    await waitFor(() => expect(numbersAndTitles()).toEqual(['11. Todo 11', '12. Todo 12']));
    const completedFilter = () =>
      api.requestsTo('GET').at(-1)?.url.searchParams.get('filters[completed][$eq]');

    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await waitFor(() =>
      expect(numbersAndTitles()).toEqual(['1. Todo 3', '2. Todo 6', '3. Todo 9', '4. Todo 12']),
    );
    expect(search(router)).toBe('?status=completed');
    expect(completedFilter()).toBe('true');
    expect(screen.getByText('Showing 1 to 4 of 4 entries')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(rows()).toHaveLength(8));
    expect(search(router)).toBe('?status=pending');
    expect(completedFilter()).toBe('false');
    expect(rows().every((row) => within(row).queryByText('Pending'))).toBe(true);

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(search(router)).toBe('');
    expect(completedFilter()).toBeNull();
  });

  it('reads the status from the URL, and an unknown one falls back to All', async () => {
    api.insert({ title: 'Open', description: null, completed: false });
    api.insert({ title: 'Done', description: null, completed: true });
    const first = open('/todos?status=completed');
    expect(screen.getByLabelText('Status')).toHaveValue('completed');
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Done']));
    first.unmount();
    cleanupStore?.();
    open('/todos?status=finished');
    expect(screen.getByLabelText('Status')).toHaveValue('all');
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Open', '2. Done']));
  });

  it('says "No todos match this view." when the status filter hides every todo', async () => {
    api.insert({ title: 'Open', description: null, completed: false });
    open('/todos?status=completed');
    expect(await screen.findByText(NO_MATCH_TEXT)).toBeInTheDocument();
    expect(NO_MATCH_TEXT).toBe('No todos match this view.');
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
  });

  it('a ticked todo leaves the Pending list', async () => {
    api.insert({ title: 'First', description: null, completed: false });
    api.insert({ title: 'Second', description: null, completed: false });
    const { user } = open('/todos?status=pending');
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. First', '2. Second']));
    await user.click(screen.getByRole('checkbox', { name: 'Mark First as completed' }));
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Second']));
  });

  it('deletes a todo and brings it back with Undo; focus goes to Undo, then to the search box', async () => {
    api.insert({ title: 'Keep', description: null, completed: false });
    api.insert({ title: 'Oops', description: 'Still needed', completed: true });
    const { user } = open();
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Keep', '2. Oops']));
    await user.click(screen.getByRole('button', { name: 'Delete Oops' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this todo' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const toast = (await screen.findByText('Todo Deleted successfully!')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    const undo = await within(toast).findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Keep']));
    await waitFor(() => expect(undo).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Todo restored!')).toBeInTheDocument();
    expect(api.requestsTo('POST')[0]?.url.pathname).toMatch(/^\/api\/todos\/\d+\/restore$/);
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. Keep', '2. Oops']));
    const restored = rows()[1]!;
    expect(within(restored).getByText('Completed')).toBeInTheDocument();
    expect(within(restored).getByText(/Still needed/)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search todos...')).toHaveFocus();
  });

  it('keyboard: "n" opens the add dialog, Enter adds, "/" goes to the search box; typing there stays text', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    const box = screen.getByPlaceholderText('Search todos...');
    expect(box).toHaveFocus();
    await user.type(box, 'n');
    expect(box).toHaveValue('n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(box);

    await user.click(screen.getByRole('heading', { level: 1, name: 'Todos' })); // focus leaves the search box
    expect(box).not.toHaveFocus();
    await user.keyboard('n');
    const dialog = await screen.findByRole('dialog', { name: 'Add New Todo' });
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    await user.keyboard('From the keyboard{Enter}');
    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(numbersAndTitles()).toEqual(['1. From the keyboard']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await user.keyboard('/');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
  });

  it('keyboard: Esc closes the add dialog and focus goes back to the "+" button', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    const fab = screen.getByRole('button', { name: 'Add todo' });
    act(() => fab.focus());
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Add New Todo' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fab).toHaveFocus();
  });
});
