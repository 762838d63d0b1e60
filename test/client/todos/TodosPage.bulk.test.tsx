/** Bulk actions on the list in jsdom: selecting rows, the header checkbox, Complete, Delete with one Undo, Escape. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderRoute } from './support/render';

jest.mock('../../../src/client/config', () => ({
  API_BASE: 'http://ticklist.test/api',
  clientConfig: {},
}));
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
  const view = renderRoute(TodosPage, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

const headerBox = () => screen.getByRole('checkbox', { name: 'Select all todos on this page' });
const bulkCalls = () => api.requestsTo('POST', '/api/todos/bulk').map((request) => request.body);

describe('bulk actions on the list', () => {
  it('selects rows, shows "N selected" with an indeterminate header, and completes them in one call', async () => {
    api.seed(3);
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Todo 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Todo 3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(headerBox()).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('2 todos completed')).toBeInTheDocument();
    expect(bulkCalls()).toEqual([{ action: 'complete', ids: [1, 3] }]);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mark Todo 3 as completed' })).toBeChecked(),
    );
    await user.click(screen.getByRole('button', { name: 'Mark open' }));
    expect(await screen.findByText('2 todos marked open')).toBeInTheDocument();
    expect(bulkCalls()[1]).toEqual({ action: 'uncomplete', ids: [1, 3] });
  });

  it('the header selects the whole page, Escape clears the selection', async () => {
    api.seed(3);
    const { user } = open();
    await screen.findByRole('checkbox', { name: 'Select Todo 1' });
    await user.click(headerBox());
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(headerBox()).toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    expect(headerBox()).not.toBeChecked();
  });

  it('deletes the selection to the trash with one Undo that restores them all in one call', async () => {
    api.seed(3);
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Todo 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Todo 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('2 todos moved to the trash')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await waitFor(() => expect(screen.getAllByTestId('todo-row')).toHaveLength(1));
    expect(api.trash).toHaveLength(2);
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 todos restored')).toBeInTheDocument();
    expect(bulkCalls()).toEqual([
      { action: 'delete', ids: [1, 2] },
      { action: 'restore', ids: [1, 2] },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('todo-row')).toHaveLength(3));
  });

  it('a new page starts with nothing selected', async () => {
    api.seed(12);
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Todo 1' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('checkbox', { name: 'Select Todo 11' });
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('checkbox', { name: 'Select Todo 1' });
    expect(screen.getByRole('checkbox', { name: 'Select Todo 1' })).not.toBeChecked();
  });
});
