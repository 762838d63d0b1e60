/** The Today screen's round Add button: a todo added there is due today and shows under Today (issue 40). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodayPage from '../../../src/client/today/TodayPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { localToday } from '../../../src/client/ui/dueDates';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderRoute } from '../todos/support/render';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com', confirmed: true }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;
beforeEach(() => (api = startMockApi()));
afterEach(() => cleanupStore?.());

describe('adding from the Today screen', () => {
  it('opens the add dialog with today as the due date, and the new todo shows under Today', async () => {
    const view = renderRoute(TodayPage, '/todos');
    cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
    const user = userEvent.setup();
    const today = localToday();
    const todayGroup = () => screen.getByRole('region', { name: /^Today/ });
    await waitFor(() => expect(within(todayGroup()).getByText('Nothing due today.')).toBeVisible());

    const addButton = screen.getByRole('button', { name: 'Add todo' });
    await user.click(addButton);
    const dialog = screen.getByRole('dialog', { name: 'Add New Todo' });
    await user.type(within(dialog).getByLabelText('Title'), 'Pay the rent');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      data: { title: 'Pay the rent', dueDate: today },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(todayGroup()).findByRole('heading', { name: 'Pay the rent' }),
    ).toBeVisible();
    expect(addButton).toHaveFocus();
  });
});
