/** The trash screen in jsdom, against the fake API: rows (with their project and labels), Restore, paging, Empty trash and its empty state. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TrashPage from '../../../src/client/trash/TrashPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderRoute } from './support/render';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com' }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;

beforeEach(() => {
  api = startMockApi();
});

afterEach(() => {
  cleanupStore?.();
});

function open(path = '/todos') {
  const view = renderRoute(TrashPage, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

/** Seeds `count` todos and moves them all to the trash, the first one deleted first. */
function trashTodos(count: number) {
  api.seed(count);
  const threeDaysAgo = Date.now() - 3 * 24 * 3600 * 1000 - 60_000;
  for (const [index, todo] of api.todos.entries())
    api.trashTodo(todo.id, new Date(threeDaysAgo + index * 1000).toISOString());
}

const titles = () =>
  screen.queryAllByTestId('trash-row').map((row) => within(row).getByRole('heading').textContent);

describe('the trash screen', () => {
  it('says "Trash is empty" and disables Empty trash when there is nothing', async () => {
    open();
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Empty trash' })).toBeDisabled();
  });

  it('lists the most recently deleted first, with when, and pages by ten', async () => {
    trashTodos(12);
    const { user } = open();
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(titles()[0]).toBe('Todo 12');
    const first = screen.getAllByTestId('trash-row')[0]!;
    const time = first.querySelector('time')!;
    expect(time).toHaveTextContent('3 days ago');
    expect(time.getAttribute('dateTime')).toBe(api.trash[0]!.attributes.deletedAt);
    expect(time.getAttribute('title')).toMatch(/\d{4} at \d\d:\d\d [AP]M$/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(titles()).toEqual(['Todo 2', 'Todo 1']));
  });

  it('shows each row’s project (colour and name) and label chips, from the one trash request', async () => {
    const work = api.backend.projects.insert(7, { name: 'Work', color: '#db4035' }).id;
    const errands = api.backend.labels.insert(7, { name: 'Errands' }).id;
    const report = api.insert({ title: 'Write the report', projectId: work });
    const milk = api.insert({ title: 'Buy milk' });
    api.backend.labels.link(7, report.id, { set: [errands] });
    api.trashTodo(report.id);
    api.trashTodo(milk.id);
    open();
    const rowOf = (title: string) =>
      screen
        .getAllByTestId('trash-row')
        .find((row) => within(row).getByRole('heading').textContent === title)!;
    await waitFor(() =>
      expect(within(rowOf('Write the report')).getByTestId('trash-project')).toHaveTextContent(
        'Project: Work',
      ),
    );
    const chips = within(rowOf('Write the report')).getByRole('list', { name: 'Labels' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Errands']);
    // The Inbox's todo names no project and has no label.
    expect(within(rowOf('Buy milk')).queryByTestId('trash-project')).toBeNull();
    expect(within(rowOf('Buy milk')).queryByRole('list', { name: 'Labels' })).toBeNull();
    const [request] = api.requestsTo('GET', '/api/todos/trash');
    expect(request!.url.searchParams.get('populate[project]')).toBe('true');
    expect(request!.url.searchParams.get('populate[labels]')).toBe('true');
  });

  it('Restore brings the todo back and says "Todo restored!"', async () => {
    trashTodos(2);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Restore Todo 1' }));
    expect(await screen.findByText('Todo restored!')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Todo 2']));
    expect(api.todos.map((todo) => todo.id)).toEqual([1]);
  });

  it('Empty trash asks first, then empties it and says "Trash emptied"', async () => {
    trashTodos(3);
    const { user } = open();
    await waitFor(() => expect(titles()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    const dialog = screen.getByRole('dialog', { name: 'Empty trash' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the 3 todos in the trash for good? This cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Trash emptied')).toBeInTheDocument();
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument();
    expect(api.trash).toHaveLength(0);
  });

  it('"Select all N" picks the page; "Restore selected" brings those back in one call (issue 40)', async () => {
    trashTodos(12);
    const { user } = open();
    await waitFor(() => expect(titles()).toHaveLength(10));
    const selectAll = screen.getByRole('checkbox', { name: 'Select all 10' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Todo 12' }));
    expect(selectAll).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    expect(screen.getByText('10 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Todo 3' }));
    await user.click(screen.getByRole('button', { name: 'Restore selected' }));

    expect(await screen.findByText('9 todos restored')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Todo 3', 'Todo 2', 'Todo 1']));
    expect(api.requestsTo('POST', '/api/todos/bulk').map((request) => request.body)).toEqual([
      { action: 'restore', ids: [12, 11, 10, 9, 8, 7, 6, 5, 4] },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select all 3' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Restore selected' })).not.toBeInTheDocument();
  });

  it('"Restore all" brings back the whole trash, every page of it', async () => {
    trashTodos(12);
    const { user } = open('/todos?page=2');
    await waitFor(() => expect(titles()).toEqual(['Todo 2', 'Todo 1']));
    await user.click(screen.getByRole('button', { name: 'Restore all' }));
    expect(await screen.findByText('12 todos restored')).toBeInTheDocument();
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument();
    expect(api.todos).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Restore all' })).toBeDisabled();
  });
});
