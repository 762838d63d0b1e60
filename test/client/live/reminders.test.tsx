import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastHost } from '../../../src/client/app/layout/ToastHost';
import { reminderOf, showReminder } from '../../../src/client/live/reminders';
import { reminderActions } from '../../../src/client/todos/reminderActions';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi } from '../support/mockApi';
import { makeStore } from '../todos/support/render';

describe('a reminder from the event stream (issue 28)', () => {
  it('is read from a reminder message only', () => {
    expect(
      reminderOf('', JSON.stringify({ action: 'reminder', id: 4, title: 'Call Ann' })),
    ).toEqual({ id: 4, title: 'Call Ann' });
    expect(reminderOf('', JSON.stringify({ action: 'updated', id: 4 }))).toBeUndefined();
    expect(reminderOf('', 'not json')).toBeUndefined();
    expect(
      reminderOf('ready', JSON.stringify({ action: 'reminder', id: 4, title: 'x' })),
    ).toBeUndefined();
  });

  it('shows an info toast with the title, not shown twice at once for the same todo', () => {
    render(<ToastHost />);
    act(() => {
      showReminder({ id: 4, title: 'Call Ann' });
      showReminder({ id: 4, title: 'Call Ann' });
      showReminder({ id: 5, title: 'Call Bob' });
    });
    expect(screen.getAllByText('Reminder: Call Ann')).toHaveLength(1);
    expect(screen.getByText('Reminder: Call Bob')).toBeInTheDocument();
    expect(
      screen.getByText('Reminder: Call Ann').closest('.notistack-MuiContent-info'),
    ).not.toBeNull();
  });
});

describe('the reminder toast’s buttons (issue 40)', () => {
  const NOW = Date.parse('2026-11-26T10:00:00.000Z');
  let store: ReturnType<typeof makeStore>;
  afterEach(() => store.dispatch(todosApi.util.resetApiState()));

  function remind(title: string) {
    const api = startMockApi();
    const todo = api.insert({ title });
    store = makeStore();
    const navigate = jest.fn();
    render(<ToastHost />);
    act(() =>
      showReminder(
        { id: todo.id, title },
        reminderActions(store.dispatch, navigate, () => NOW),
      ),
    );
    const toast = screen
      .getByText(`Reminder: ${title}`)
      .closest('.notistack-MuiContent') as HTMLElement;
    return { api, todo, navigate, toast, user: userEvent.setup() };
  }

  it('Open closes the toast and shows the list searched for the todo', async () => {
    const { navigate, toast, user } = remind('Call Ann & Bob');
    await user.click(within(toast).getByRole('button', { name: 'Open' }));
    expect(navigate).toHaveBeenCalledWith('/todos?search=Call+Ann+%26+Bob');
    await waitFor(() => expect(screen.queryByText('Reminder: Call Ann & Bob')).toBeNull());
  });

  /** Snooze, then the choice in the second toast. */
  async function snooze(title: string, choice: string) {
    const setup = remind(title);
    await setup.user.click(within(setup.toast).getByRole('button', { name: 'Snooze' }));
    const choices = (await screen.findByText(`Snooze “${title}” for…`)).closest(
      '.notistack-MuiContent',
    ) as HTMLElement;
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['10 minutes', '1 hour', 'Tomorrow']);
    await setup.user.click(within(choices).getByRole('button', { name: choice }));
    return setup;
  }

  it('Snooze, 1 hour sets the reminder an hour on, and says so', async () => {
    const { api, todo } = await snooze('Water plants', '1 hour');
    expect(await screen.findByText('Reminder snoozed for 1 hour')).toBeInTheDocument();
    expect(api.requestsTo('PUT', `/api/todos/${todo.id}`).map((request) => request.body)).toEqual([
      { data: { remindAt: '2026-11-26T11:00:00.000Z' } },
    ]);
    await waitFor(() => expect(screen.queryByText('Reminder: Water plants')).toBeNull());
  });

  it.each([
    ['10 minutes', 'Reminder snoozed for 10 minutes', '2026-11-26T10:10:00.000Z'],
    ['Tomorrow', 'Reminder snoozed until tomorrow', '2026-11-27T10:00:00.000Z'],
  ])('Snooze, %s moves the reminder that much later', async (choice, message, remindAt) => {
    const { api, todo } = await snooze('Stretch', choice);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.requestsTo('PUT', `/api/todos/${todo.id}`).map((request) => request.body)).toEqual([
      { data: { remindAt } },
    ]);
  });

  it('Done completes the todo', async () => {
    const { api, todo, toast, user } = remind('Pay rent');
    await user.click(within(toast).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(api.todos[0]?.attributes.completed).toBe(true));
    expect(api.requestsTo('PUT', `/api/todos/${todo.id}`).map((request) => request.body)).toEqual([
      { data: { completed: true } },
    ]);
  });
});
