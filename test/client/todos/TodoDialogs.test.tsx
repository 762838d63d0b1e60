import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { TodoEntity, User } from '../../../src/shared/api-types';
import { DeleteTodoDialog } from '../../../src/client/todos/DeleteTodoDialog';
import { AddTodoDialog, EditTodoDialog } from '../../../src/client/todos/TodoDialogs';
import { todosApi } from '../../../src/client/todos/todosApi';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  errorBody,
  heldResponse,
  jsonResponse,
  startMockApi,
  type MockApi,
} from '../support/mockApi';
import { server } from '../support/mswServer';
import { renderWithStore } from './support/render';

let mockUser: Pick<User, 'id' | 'confirmed'> = { id: 7, confirmed: true };
jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => mockUser,
}));

let api: MockApi;
let stores: { dispatch(action: unknown): unknown }[] = [];

beforeEach(() => {
  api = startMockApi();
});

afterEach(() => {
  for (const store of stores) store.dispatch(todosApi.util.resetApiState());
  stores = [];
});

function renderAdd() {
  const onClose = jest.fn();
  const view = renderWithStore(<AddTodoDialog open userId={7} onClose={onClose} />);
  stores.push(view.store);
  return { onClose, user: userEvent.setup() };
}

/** The calls that change something (the Project select reads the projects: no change). */
const writes = () => api.requests.filter((request) => request.method !== 'GET');

describe('the "Add New Todo" dialog', () => {
  it('is a dialog named by its title, with Title and Description fields and Add and Close buttons', () => {
    renderAdd();
    const dialog = screen.getByRole('dialog', { name: 'Add New Todo' });
    expect(within(dialog).getByLabelText('Title')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('marks an empty title invalid with "Title is required" and sends nothing', async () => {
    const { user, onClose } = renderAdd();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const title = screen.getByLabelText('Title');
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'false');
    expect(writes()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('treats a title of spaces as empty', async () => {
    const { user } = renderAdd();
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('posts {data:{title, description, user}}, shows "Loading..." while pending, then toasts and closes', async () => {
    const { user, onClose } = renderAdd();
    const held = heldResponse();
    server.use(http.post(apiUrl('todos'), () => held.promise, { once: true }));
    await user.type(screen.getByLabelText('Title'), '  Buy milk ');
    await user.type(screen.getByLabelText('Description'), 'Two litres');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const pending = await screen.findByRole('button', { name: 'Loading...' });
    expect(pending).toBeDisabled();
    expect(within(pending).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    expect(api.requestsTo('POST')[0]?.body).toEqual({
      data: { title: 'Buy milk', description: 'Two litres', user: 7 },
    });

    held.release(jsonResponse(200, { data: { id: 1, attributes: {} }, meta: {} }));
    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says "Todo was added but something went wrong!" for a status other than 200 or 204', async () => {
    const { user, onClose } = renderAdd();
    server.use(
      http.post(
        apiUrl('todos'),
        () => jsonResponse(201, { data: { id: 1, attributes: {} }, meta: {} }),
        { once: true },
      ),
    );
    await user.type(screen.getByLabelText('Title'), 'Odd');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Todo was added but something went wrong!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server error.message and stays open', async () => {
    const { user, onClose } = renderAdd();
    server.use(
      http.post(
        apiUrl('todos'),
        () =>
          jsonResponse(
            403,
            errorBody(403, 'ForbiddenError', 'You may only create todos for yourself'),
          ),
        { once: true },
      ),
    );
    await user.type(screen.getByLabelText('Title'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('You may only create todos for yourself')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('says "Something went wrong!" for an error without a message', async () => {
    const { user } = renderAdd();
    server.use(
      http.post(apiUrl('todos'), () => new Response('Bad gateway', { status: 502 }), {
        once: true,
      }),
    );
    await user.type(screen.getByLabelText('Title'), 'Gateway');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
  });

  it('says "Network error! Please try again later." when nothing answers', async () => {
    const { user } = renderAdd();
    server.use(
      http.post(apiUrl('todos'), () => HttpResponse.error(), {
        once: true,
      }),
    );
    await user.type(screen.getByLabelText('Title'), 'Offline');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Network error! Please try again later.')).toBeInTheDocument();
  });

  it('closes with Close without sending anything', async () => {
    const { user, onClose } = renderAdd();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(writes()).toHaveLength(0);
  });
});

describe('the "Edit this todo" dialog', () => {
  it('is prefilled from the todo and puts the new title and description', async () => {
    const todo = api.insert({ title: 'Old title', description: 'Old text', completed: false });
    const onClose = jest.fn();
    const { store } = renderWithStore(<EditTodoDialog open todo={todo} onClose={onClose} />);
    stores.push(store);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Edit this todo' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('Old title');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Old text');

    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();

    await user.type(title, 'New title');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Todo updated successfully!')).toBeInTheDocument();
    expect(api.requestsTo('PUT', `/api/todos/${todo.id}`)[0]?.body).toEqual({
      data: { title: 'New title', description: 'Old text' },
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says "Todo was updated but something went wrong!" for an odd status', async () => {
    const todo = api.insert({ title: 'T', description: null, completed: false });
    server.use(
      http.put(apiUrl('todos/:id'), () => jsonResponse(202, { data: todo, meta: {} }), {
        once: true,
      }),
    );
    const { store } = renderWithStore(<EditTodoDialog open todo={todo} onClose={() => {}} />);
    stores.push(store);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit' }));
    expect(
      await screen.findByText('Todo was updated but something went wrong!'),
    ).toBeInTheDocument();
  });
});

describe('the reminder field and mail', () => {
  const UNCONFIRMED_NOTE =
    'Reminders are emailed only to a confirmed address. Confirm yours on your profile.';
  afterEach(() => (mockUser = { id: 7, confirmed: true }));

  it('says under Reminder, as its description, that reminders are emailed only to a confirmed address while yours is not', () => {
    mockUser = { id: 7, confirmed: false };
    renderAdd();
    const reminder = within(screen.getByRole('dialog', { name: 'Add New Todo' })).getByRole(
      'group',
      { name: 'Reminder' },
    );
    expect(reminder).toHaveAccessibleDescription(UNCONFIRMED_NOTE);
  });

  it('says nothing of it in the edit dialog once the address is confirmed', () => {
    const todo = api.insert({ title: 'T', description: null, completed: false });
    stores.push(renderWithStore(<EditTodoDialog open todo={todo} onClose={() => {}} />).store);
    const reminder = within(screen.getByRole('dialog', { name: 'Edit this todo' })).getByRole(
      'group',
      { name: 'Reminder' },
    );
    expect(reminder).not.toHaveAccessibleDescription();
    expect(screen.queryByText(UNCONFIRMED_NOTE)).not.toBeInTheDocument();
  });
});

describe('the "Delete this todo" dialog', () => {
  it('asks, deletes on Delete, toasts "Todo Deleted successfully!" and closes', async () => {
    const todo = api.insert({ title: 'Doomed', description: null, completed: false });
    const onClose = jest.fn();
    const { store } = renderWithStore(<DeleteTodoDialog open todo={todo} onClose={onClose} />);
    stores.push(store);
    const dialog = screen.getByRole('dialog', { name: 'Delete this todo' });
    // It names the todo, then asks the spec's question.
    // (jsdom's name computation pads the title's own dir="auto" span with spaces; Chromium does not.)
    expect(dialog).toHaveAccessibleDescription(
      /^Delete " ?Doomed ?"\? Are you sure you want to delete this todo\?$/,
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Todo Deleted successfully!')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', `/api/todos/${todo.id}`)).toHaveLength(1);
    expect(api.todos).toHaveLength(0);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('says "Todo was Deleted but something went wrong!" for an odd status, and the server message on an error', async () => {
    const todo = api.insert({ title: 'Doomed', description: null, completed: false });
    // The first delete gets an odd status, the second a 404.
    server.use(
      http.delete(apiUrl('todos/:id'), () => jsonResponse(202, { data: todo, meta: {} }), {
        once: true,
      }),
      http.delete(
        apiUrl('todos/:id'),
        () => jsonResponse(404, errorBody(404, 'NotFoundError', 'Not Found')),
        { once: true },
      ),
    );
    const onClose = jest.fn();
    const { store } = renderWithStore(<DeleteTodoDialog open todo={todo} onClose={onClose} />);
    stores.push(store);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Todo was Deleted but something went wrong!'),
    ).toBeInTheDocument();
    // The toast can show while the button still says "Loading...": wait for it to be back.
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('undoing a delete', () => {
  /** The dialog as the page holds it: open until it asks to close. */
  function DeleteHarness({
    todo,
    onClose,
    onFocusLost,
  }: {
    todo: TodoEntity;
    onClose(): void;
    onFocusLost(): void;
  }) {
    const [open, setOpen] = useState(true);
    const close = () => {
      onClose();
      setOpen(false);
    };
    return (
      <DeleteTodoDialog
        open={open}
        todo={todo}
        userId={7}
        onClose={close}
        onFocusLost={onFocusLost}
      />
    );
  }

  function renderDelete(todo: TodoEntity) {
    const onClose = jest.fn();
    const onFocusLost = jest.fn();
    const { store } = renderWithStore(
      <DeleteHarness todo={todo} onClose={onClose} onFocusLost={onFocusLost} />,
    );
    stores.push(store);
    return { onClose, onFocusLost, user: userEvent.setup() };
  }

  async function deleteIt(user: ReturnType<typeof userEvent.setup>) {
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this todo' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const toast = (await screen.findByText('Todo Deleted successfully!')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    // Reachable once the dialog has gone (while it is open, the rest of the page is aria-hidden).
    return within(toast).findByRole('button', { name: 'Undo' });
  }

  it('the delete toast carries an Undo button, which restores the same todo from the trash and says "Todo restored!"', async () => {
    const todo = api.insert({ title: 'Doomed', description: 'Its details', completed: true });
    const { user } = renderDelete(todo);
    const undo = await deleteIt(user);
    expect(api.todos).toHaveLength(0);

    await user.click(undo);
    expect(await screen.findByText('Todo restored!')).toBeInTheDocument();
    expect(api.requestsTo('POST').map((request) => request.url.pathname)).toEqual([
      `/api/todos/${todo.id}/restore`,
    ]);
    expect(api.todos).toEqual([todo]);
    expect(api.trash).toHaveLength(0);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
    );
  });

  it('moves focus to Undo once the dialog has closed (the row that opened it is gone)', async () => {
    const todo = api.insert({ title: 'Doomed', description: null, completed: false });
    const { user, onClose } = renderDelete(todo);
    const undo = await deleteIt(user);
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(undo).toHaveFocus());
  });

  it('hands focus on when Undo is pressed and its toast leaves', async () => {
    const todo = api.insert({ title: 'Doomed', description: null, completed: false });
    const { user, onFocusLost } = renderDelete(todo);
    const undo = await deleteIt(user);
    await waitFor(() => expect(undo).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Todo restored!')).toBeInTheDocument();
    // The Undo toast's exit transition, which hands focus on, may end after the next toast shows.
    await waitFor(() => expect(onFocusLost).toHaveBeenCalledTimes(1));
  });

  it('a failed restore says why', async () => {
    const todo = api.insert({ title: 'Doomed', description: null, completed: false });
    const { user } = renderDelete(todo);
    const undo = await deleteIt(user);
    server.use(
      http.post(
        apiUrl('todos/:id/restore'),
        () => jsonResponse(400, errorBody(400, 'ValidationError', 'title is a required field')),
        { once: true },
      ),
    );
    await user.click(undo);
    expect(await screen.findByText('title is a required field')).toBeInTheDocument();
    expect(screen.queryByText('Todo restored!')).not.toBeInTheDocument();
    expect(api.todos).toHaveLength(0);
  });

  it('a restore that gets no answer says "Network error! Please try again later."', async () => {
    const todo = api.insert({ title: 'Doomed', description: null, completed: false });
    const { user } = renderDelete(todo);
    const undo = await deleteIt(user);
    server.use(
      http.post(apiUrl('todos/:id/restore'), () => HttpResponse.error(), {
        once: true,
      }),
    );
    await user.click(undo);
    expect(await screen.findByText('Network error! Please try again later.')).toBeInTheDocument();
  });

  it('a delete with an odd status offers no Undo', async () => {
    const todo = api.insert({ title: 'Doomed', description: null, completed: false });
    server.use(
      http.delete(apiUrl('todos/:id'), () => jsonResponse(202, { data: todo, meta: {} }), {
        once: true,
      }),
    );
    const { user } = renderDelete(todo);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Todo was Deleted but something went wrong!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
