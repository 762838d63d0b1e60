/**
 * "Log out of all devices" with changes not sent yet asks first, as Logout does: Cancel keeps them
 * and the session; Sign out ends every session and discards them. A refused call discards nothing.
 * Deleting the account discards them as well.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { AccountActions } from '../../../src/client/account/AccountActions';
import { createAppStore } from '../../../src/client/app/store';
import { writeQueue } from '../../../src/client/offline/queue';
import { useApiExtra } from '../../../src/client/session/SessionProvider';
import { aSession, storeSession } from '../session/fixtures';
import { renderWithSession } from '../session/renderWithSession';
import { apiUrl, errorBody, startMockApi, type MockApi } from '../support/mockApi';
import { server } from '../support/mswServer';

jest.mock('../../../src/client/offline/queue', () => jest.requireActual('../offline/memoryQueue'));

const alice = aSession({ username: 'alice' }).user;
let mock: MockApi;

function Actions() {
  const extra = useApiExtra();
  const [store] = useState(() => createAppStore(extra));
  return (
    <Provider store={store}>
      <AccountActions user={alice} />
    </Provider>
  );
}

const logoutAllCalls = () => mock.requestsTo('POST', '/api/auth/logout-all');

async function queueFor(userId: number, title: string) {
  await writeQueue.load(userId);
  await writeQueue.enqueue({
    key: title,
    method: 'POST',
    path: 'todos/',
    body: { data: { title } },
    todoId: -1,
  });
  await writeQueue.load(undefined);
}

beforeEach(async () => {
  localStorage.clear();
  storeSession(aSession({ username: 'alice' }));
  await writeQueue.clear(alice.id);
  mock = startMockApi({ tokens: ['jwt-1'] });
  // The account calls beyond the mock API's routes: both succeed unless a test says otherwise.
  server.use(
    http.post(apiUrl('auth/logout-all'), () => new HttpResponse(null, { status: 204 })),
    http.delete(apiUrl('users/me'), () => new HttpResponse(null, { status: 204 })),
  );
});

describe('"Log out of all devices" with an unsent change', () => {
  it('asks; Cancel sends nothing and keeps the change; Sign out logs out everywhere and discards it', async () => {
    await queueFor(alice.id, 'Buy milk');
    const user = userEvent.setup();
    renderWithSession([{ path: '*', element: <Actions /> }]);

    await user.click(screen.getByRole('button', { name: 'Log out of all devices' }));
    await screen.findByRole('dialog', { name: 'Sign out and discard 1 unsent change?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logoutAllCalls()).toHaveLength(0);
    expect(await writeQueue.unsent(alice.id)).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Log out of all devices' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
    expect(logoutAllCalls()).toHaveLength(1);
    expect(await writeQueue.unsent(alice.id)).toBe(0);
  });

  it('keeps the change and the session when the server refuses the call', async () => {
    await queueFor(alice.id, 'Buy milk');
    server.use(
      http.post(apiUrl('auth/logout-all'), () =>
        HttpResponse.json(errorBody(500, 'InternalServerError', 'Internal Server Error'), {
          status: 500,
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithSession([{ path: '*', element: <Actions /> }]);

    await user.click(screen.getByRole('button', { name: 'Log out of all devices' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(logoutAllCalls().length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log out of all devices' })).not.toHaveAttribute(
        'disabled',
      ),
    );
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(await writeQueue.unsent(alice.id)).toBe(1);
  });
});

describe('deleting the account', () => {
  it('discards the unsent changes too: they could never be sent', async () => {
    await queueFor(alice.id, 'Buy milk');
    const user = userEvent.setup();
    renderWithSession([{ path: '*', element: <Actions /> }]);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account' });
    expect(dialog).toHaveTextContent(
      `Are you sure you want to delete this account (${alice.email})?`,
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'Kiwi#Lamp42');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
    expect(await writeQueue.unsent(alice.id)).toBe(0);
  });
});
