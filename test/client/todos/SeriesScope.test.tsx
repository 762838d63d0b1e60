/** Changing or deleting an open occurrence of a recurring todo asks "This one" or "This and following" (issue 28). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteTodoDialog } from '../../../src/client/todos/DeleteTodoDialog';
import { EditTodoDialog } from '../../../src/client/todos/TodoDialogs';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderWithStore } from './support/render';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, confirmed: true }),
}));

let api: MockApi;
let stores: { dispatch(action: unknown): unknown }[] = [];
beforeEach(() => (api = startMockApi()));
afterEach(() => {
  for (const store of stores) store.dispatch(todosApi.util.resetApiState());
  stores = [];
});

function occurrence(completed = false) {
  const todo = api.insert({ title: 'Water plants', description: null, completed });
  Object.assign(todo.attributes, {
    dueDate: '2026-11-25',
    remindAt: null,
    recurrence: 'FREQ=WEEKLY;BYDAY=WE',
    seriesId: 's-1',
  });
  return todo;
}

function render(ui: React.ReactElement) {
  const view = renderWithStore(ui);
  stores.push(view.store);
  return userEvent.setup();
}

const scopeOf = (method: string, id: number) =>
  api
    .requestsTo(method, `/api/todos/${id}`)
    .map((request) => request.url.searchParams.get('scope'));

describe('editing an occurrence of a series', () => {
  it('asks before changing the title, and sends the choice as ?scope=', async () => {
    const todo = occurrence();
    const onClose = jest.fn();
    const user = render(<EditTodoDialog open todo={todo} onClose={onClose} />);
    const form = screen.getByRole('dialog', { name: 'Edit this todo' });
    expect(within(form).getByLabelText('Repeat')).toHaveValue('WEEKLY');
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Water the plants');
    await user.click(within(form).getByRole('button', { name: 'Edit' }));

    const ask = await screen.findByRole('dialog', { name: 'Change a recurring todo' });
    expect(api.requestsTo('PUT')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'This and following' }));
    expect(await screen.findByText('Todo updated successfully!')).toBeInTheDocument();
    expect(scopeOf('PUT', todo.id)).toEqual(['following']);
    expect(api.requestsTo('PUT')[0]?.body).toEqual({
      data: { title: 'Water the plants', description: '' },
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not ask when nothing the series shares changes', async () => {
    const todo = occurrence();
    const user = render(<EditTodoDialog open todo={todo} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Todo updated successfully!')).toBeInTheDocument();
    expect(
      screen.queryByRole('dialog', { name: 'Change a recurring todo' }),
    ).not.toBeInTheDocument();
    expect(scopeOf('PUT', todo.id)).toEqual([null]);
  });

  it('Close on the question sends nothing and leaves the form open', async () => {
    const todo = occurrence();
    const onClose = jest.fn();
    const user = render(<EditTodoDialog open todo={todo} onClose={onClose} />);
    await user.type(screen.getByLabelText('Description'), 'Both pots');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const ask = await screen.findByRole('dialog', { name: 'Change a recurring todo' });
    await user.click(within(ask).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Change a recurring todo' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Edit this todo' })).toBeInTheDocument();
    expect(api.requestsTo('PUT')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('deleting an occurrence of a series', () => {
  it('asks "This one" or "This and following" and sends the choice', async () => {
    const todo = occurrence();
    const onClose = jest.fn();
    const user = render(<DeleteTodoDialog open todo={todo} onClose={onClose} />);
    const ask = screen.getByRole('dialog', { name: 'Delete a recurring todo' });
    expect(ask).toHaveAccessibleDescription(/the series goes on.*the series ends/);
    await user.click(within(ask).getByRole('button', { name: 'This one' }));
    expect(await screen.findByText('Todo Deleted successfully!')).toBeInTheDocument();
    expect(scopeOf('DELETE', todo.id)).toEqual(['this']);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('asks nothing more for a completed occurrence: the usual confirmation', async () => {
    const todo = occurrence(true);
    const user = render(<DeleteTodoDialog open todo={todo} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete this todo' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Todo Deleted successfully!')).toBeInTheDocument();
    expect(scopeOf('DELETE', todo.id)).toEqual([null]);
  });
});
