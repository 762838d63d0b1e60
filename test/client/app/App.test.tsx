import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, navigateInApp } from '../../../src/client/App';
import { api } from '../../../src/client/lib/api';
import { startSession, type SessionActorRef } from '../../../src/client/session/sessionActor';
import { aSession, storeSession } from '../session/fixtures';
import { closeEventStream, startMockApi, type MockApi } from '../support/mockApi';

/** The app as main.tsx starts it: its session actor first, then the tree. */
const started: SessionActorRef[] = [];
function renderApp() {
  const session = startSession({ navigate: navigateInApp });
  started.push(session);
  return render(<App session={session} />);
}

describe('the app', () => {
  let mock: MockApi;
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    mock = startMockApi({ tokens: ['jwt-1'] });
    closeEventStream();
  });
  afterEach(() => {
    started.splice(0).forEach((session) => session.stop());
    jest.restoreAllMocks();
  });

  it('starts signed in from the stored session, and Logout revokes the token, resets the API cache and toasts', async () => {
    storeSession(aSession({ username: 'alice' }));
    const { match, type } = api.util.resetApiState;
    // A spy loses the action creator's `match`, which RTK Query's middleware calls.
    const reset = Object.assign(jest.spyOn(api.util, 'resetApiState'), { match, type });
    const user = userEvent.setup();
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, alice!' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Logout successful! Redirecting...')).toBeInTheDocument();
    // The calls made while signed in: the live event stream, the home page's reads of the list and
    // the navigation drawer's projects, labels and open counts.
    const calls = mock.requests.map((request) => `${request.method} ${request.url.pathname}`);
    expect(calls.at(-1)).toBe('POST /api/auth/logout');
    expect(new Set(calls.slice(0, -1))).toEqual(
      new Set([
        'GET /api/todos/events',
        'GET /api/todos',
        'GET /api/projects',
        'GET /api/labels',
        'GET /api/todos/counts',
      ]),
    );
    expect(mock.requests.at(-1)!.authorization).toBe('Bearer jwt-1');
    expect(reset).toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login to get access!' }),
    ).toBeInTheDocument();
  });

  it('starts signed out on /login when nothing is stored', async () => {
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login to get access!' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(mock.requests).toEqual([]);
  });
});
