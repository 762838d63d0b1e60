/**
 * The live stream in the app (real routes, session machine and store; the API and its event stream
 * faked, as jsdom has no server): one stream while signed in, its events refresh what is on screen,
 * it closes at logout and when another user signs in in another tab, and a 401 on it signs the tab out.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createRoutes } from '../../../src/client/app/router';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { aSession, storeSession } from '../session/fixtures';
import { renderWithSession } from '../session/renderWithSession';
import { apiUrl, startMockApi, type MockApi } from '../support/mockApi';
import { server } from '../support/mswServer';
import { FakeEventStreams, frame } from './support/fakeEventStreams';

let api: MockApi;
let events: FakeEventStreams;
let frameElement: HTMLIFrameElement | undefined;

beforeEach(() => {
  localStorage.clear();
  api = startMockApi({ tokens: ['jwt-1'] });
  events = new FakeEventStreams().install();
});
afterEach(() => {
  frameElement?.remove();
  events.uninstall();
});

const titles = () =>
  screen.queryAllByTestId('todo-row').map((row) => within(row).getByRole('heading').textContent);
/** Lets time pass with the app running (the logout's redirect, a retry that must not come). */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

async function openTodos() {
  storeSession(aSession({ username: 'alice' }));
  api.seed(2);
  const view = renderWithSession(createRoutes(), { path: '/todos' });
  await waitFor(() => expect(titles()).toEqual(['Todo 1', 'Todo 2']));
  const stream = await events.requested(1);
  stream.write(frame(40, null, 'ready'));
  return { ...view, stream, user: userEvent.setup() };
}

describe('live events in the app', () => {
  it('opens one stream with the session’s token; a change made elsewhere shows without a reload', async () => {
    const { stream } = await openTodos();
    expect(stream.headers.get('authorization')).toBe('Bearer jwt-1');
    const row = screen.getAllByTestId('todo-row')[0]!;

    api.insert({ title: 'From the phone', description: null, completed: false });
    stream.write(frame(41, { action: 'created', id: 3 }));
    await waitFor(() => expect(titles()).toEqual(['Todo 1', 'Todo 2', 'From the phone']));

    api.todos[0]!.attributes.completed = true;
    stream.write(frame(42, { action: 'updated', id: 1 }));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('todo-row')[0]!).getByText('Completed'),
      ).toBeInTheDocument(),
    );
    // Refreshed in place: the same row element, not a remounted page.
    expect(screen.getAllByTestId('todo-row')[0]).toBe(row);

    api.trashTodo(api.todos[1]!.id);
    stream.write(frame(43, { action: 'deleted', id: 2 }));
    await waitFor(() => expect(titles()).toEqual(['Todo 1', 'From the phone']));
    expect(events.streams).toHaveLength(1);
  });

  it('closes the stream when the user logs out, and opens no other', async () => {
    const { stream, user } = await openTodos();
    await user.click(screen.getAllByRole('button', { name: 'alice' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(stream.signal.aborted).toBe(true));
    await pause(1500);
    expect(events.streams).toHaveLength(1);
  });

  it('follows another user signing in in another tab: the old stream closes, one with the new token opens', async () => {
    const { stream } = await openTodos();
    stream.write(frame(41, { action: 'created', id: 3 }));
    frameElement = document.createElement('iframe');
    document.body.appendChild(frameElement);
    frameElement.contentWindow!.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...aSession({ id: 8, username: 'bob' }), jwt: 'jwt-bob' }),
    );
    await waitFor(() => expect(events.streams).toHaveLength(2));
    const next = events.streams[1]!;
    expect(stream.signal.aborted).toBe(true);
    expect(next.headers.get('authorization')).toBe('Bearer jwt-bob');
    // Bob's stream does not resume from Alice's events.
    expect(next.headers.has('last-event-id')).toBe(false);
  });

  it('a 401 on the stream (the token ended elsewhere) signs the tab out to /login, and the stream is not retried', async () => {
    const { stream, extra } = await openTodos();
    events.answers.push(new Response('{}', { status: 401 }));
    stream.end();
    await waitFor(() => expect(extra().getToken()).toBeUndefined());
    await screen.findByRole('heading', { level: 1, name: 'Login to get access!' });
    expect(events.streams).toHaveLength(2);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await pause(1500);
    expect(events.streams).toHaveLength(2);
  });

  it('a 401 on the first attempt (a token the server never took) is an expiry: the page stays up to say so', async () => {
    storeSession(aSession({ username: 'alice' }));
    api.seed(2);
    events.answers.push(new Response('{}', { status: 401 }));
    const { extra } = renderWithSession(createRoutes(), { path: '/todos' });
    await waitFor(() => expect(extra().getToken()).toBeUndefined());
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await pause(300);
    expect(screen.queryByRole('heading', { level: 1, name: 'Login to get access!' })).toBeNull();
    expect(events.streams).toHaveLength(1);
  });
});

describe('this tab’s own writes on the stream', () => {
  /** Fetches of the todo list (not of the trash or the stream). */
  const listFetches = () =>
    api.requests.filter(
      (request) => request.method === 'GET' && request.url.pathname === '/api/todos',
    ).length;

  async function addTodo(user: ReturnType<typeof userEvent.setup>, title: string) {
    await user.click(screen.getByRole('button', { name: 'Add todo' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Todo' });
    await user.type(within(dialog).getByLabelText('Title'), title);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(titles()).toContain(title));
  }

  it('a save refetches the list once: the event it causes, coming back, refetches nothing more', async () => {
    const { stream, user } = await openTodos();
    const before = listFetches();
    await addTodo(user, 'Mine');
    stream.write(frame(41, { action: 'created', id: 3 }));
    await pause(500);
    expect(listFetches()).toBe(before + 1);
  });

  it('also when the event comes before the answer', async () => {
    const { stream, user } = await openTodos();
    server.use(
      http.post(apiUrl('todos'), () => {
        stream.write(frame(41, { action: 'created', id: 3 }));
        return undefined;
      }),
    );
    const before = listFetches();
    await addTodo(user, 'Mine');
    await pause(500);
    expect(listFetches()).toBe(before + 1);
  });

  it('another tab’s change to the same todo at the same moment still refetches', async () => {
    const { stream, user } = await openTodos();
    server.use(
      http.put(apiUrl('todos/:id'), () => {
        // This tab's tick and the phone's rename of the same todo, both announced before the answer,
        // which does not have the new title: only a refetch brings it.
        server.events.on('response:mocked', function rename() {
          server.events.removeListener('response:mocked', rename);
          api.todos[0]!.attributes.title = 'Renamed on the phone';
        });
        stream.write(frame(41, { action: 'updated', id: 1 }));
        stream.write(frame(42, { action: 'updated', id: 1 }));
        return undefined;
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Mark Todo 1 as completed' }));
    await waitFor(() => expect(titles()).toEqual(['Renamed on the phone', 'Todo 2']));
  });
});
