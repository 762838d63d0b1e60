/**
 * Signing out with changes not sent yet: the user is asked first; Cancel keeps the changes and the
 * session, Sign out discards them from the device. A session that ends without being asked keeps them.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navbar } from '../../../src/client/app/layout/Navbar';
import { writeQueue } from '../../../src/client/offline/queue';
import type { NewWrite } from '../../../src/client/offline/writeQueue';
import { aSession, storeSession } from '../session/fixtures';
import { renderWithSession } from '../session/renderWithSession';

// The app's queue over the in-memory store the queue's own tests use in place of IndexedDB.
jest.mock('../../../src/client/offline/queue', () => jest.requireActual('./memoryQueue'));

const ALICE = aSession({ username: 'alice' }).user.id;
const OTHER = ALICE + 1;
const routes = [{ path: '*', element: <Navbar /> }];
const add = (title: string): NewWrite => ({
  key: title,
  method: 'POST',
  path: 'todos/',
  body: { data: { title } },
  todoId: -1,
});

/** Queues writes for a user, as offline edits would. */
async function queue(userId: number, ...titles: string[]) {
  await writeQueue.load(userId);
  for (const title of titles) await writeQueue.enqueue(add(title));
  await writeQueue.load(undefined);
}

/** Every write of the user still on the device, waiting or refused. */
async function kept(userId: number) {
  await writeQueue.load(userId);
  const titles = writeQueue.getWrites().map((write) => write.body?.data.title);
  await writeQueue.load(undefined);
  return titles;
}

async function clearAll() {
  await writeQueue.clear(ALICE);
  await writeQueue.clear(OTHER);
}

async function openLogout(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'alice' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
}

beforeEach(async () => {
  localStorage.clear();
  storeSession(aSession({ username: 'alice' }));
  await clearAll();
});

describe('signing out with unsent changes', () => {
  it('asks "Sign out and discard N unsent changes?" in a dialog; Cancel keeps the changes and the session', async () => {
    await queue(ALICE, 'Buy milk', 'Call Ann');
    const user = userEvent.setup();
    const logOut = jest.fn(() => Promise.resolve());
    renderWithSession(routes, { api: { logOut } });
    await openLogout(user);

    const dialog = await screen.findByRole('dialog', {
      name: 'Sign out and discard 2 unsent changes?',
    });
    expect(dialog).toHaveAccessibleDescription(/have not reached the server/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logOut).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'alice' })).toHaveFocus());
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(await kept(ALICE)).toEqual(['Buy milk', 'Call Ann']);
  });

  it('says "1 unsent change" for one, and Escape cancels', async () => {
    await queue(ALICE, 'Buy milk');
    const user = userEvent.setup();
    const logOut = jest.fn(() => Promise.resolve());
    renderWithSession(routes, { api: { logOut } });
    await openLogout(user);

    const dialog = await screen.findByRole('dialog', {
      name: 'Sign out and discard 1 unsent change?',
    });
    expect(dialog).toHaveAccessibleDescription(/^It was made on this device/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logOut).not.toHaveBeenCalled();
    expect(await kept(ALICE)).toEqual(['Buy milk']);
  });

  it("Sign out discards the user's changes from the device and signs out; another user's stay", async () => {
    await queue(ALICE, 'Buy milk', 'Call Ann');
    await queue(OTHER, "Bob's");
    const user = userEvent.setup();
    const logOut = jest.fn(() => Promise.resolve());
    const { notify } = renderWithSession(routes, { api: { logOut } });
    await openLogout(user);

    const dialog = await screen.findByRole('dialog', {
      name: 'Sign out and discard 2 unsent changes?',
    });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(logOut).toHaveBeenCalledWith({ jwt: 'jwt-1' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Logout successful! Redirecting...', 'success'),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(localStorage.getItem('user')).toBeNull();
    expect(await kept(ALICE)).toEqual([]);
    expect(await kept(OTHER)).toEqual(["Bob's"]);
  });
});

describe('signing out with nothing unsent', () => {
  it('signs out without asking, and removes what the server refused earlier too', async () => {
    await queue(ALICE, 'Refused');
    await writeQueue.load(ALICE);
    await writeQueue.replay(
      async () => ({ status: 400, data: { error: { message: 'Title too long' } } }),
      { notice: () => {}, refused: () => {} },
    );
    await writeQueue.load(undefined);
    expect(await writeQueue.unsent(ALICE)).toBe(0);
    const user = userEvent.setup();
    const logOut = jest.fn(() => Promise.resolve());
    renderWithSession(routes, { api: { logOut } });
    await openLogout(user);

    await waitFor(() => expect(logOut).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await kept(ALICE)).toEqual([]);
  });
});

describe('a session that ends without the user asking', () => {
  it('keeps the changes for that user when the session expires', async () => {
    await queue(ALICE, 'Buy milk');
    const { extra } = renderWithSession(routes);
    act(() => extra().onUnauthorized());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'alice' })).not.toBeInTheDocument(),
    );
    expect(await kept(ALICE)).toEqual(['Buy milk']);
  });

  it('keeps them when another tab signs out', async () => {
    await queue(ALICE, 'Buy milk');
    renderWithSession(routes);
    act(() => {
      localStorage.removeItem('user');
      window.dispatchEvent(new StorageEvent('storage', { key: 'user', storageArea: localStorage }));
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'alice' })).not.toBeInTheDocument(),
    );
    expect(await kept(ALICE)).toEqual(['Buy milk']);
  });
});
