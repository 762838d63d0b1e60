/** What a person sees in this tab when they log out or in in another one (a same-origin iframe here). */
import { screen } from '@testing-library/react';
import { createRoutes } from '../../../src/client/app/router';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { aSession, storeSession } from './fixtures';
import { closeEventStream, startMockApi } from '../support/mockApi';
import { renderWithSession } from './renderWithSession';

let frame: HTMLIFrameElement | undefined;

function otherTab(): Storage {
  frame = document.createElement('iframe');
  document.body.appendChild(frame);
  return frame.contentWindow!.localStorage;
}

// The global asyncUtilTimeout: the first visit loads the lazy page's module, slow on a busy machine.
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  localStorage.clear();
  startMockApi({ tokens: ['jwt-1', 'jwt-bob'] });
  closeEventStream();
});
afterEach(() => frame?.remove());

it('a logout in another tab takes this one from its page to /login, signed out', async () => {
  storeSession(aSession({ username: 'alice' }));
  const { router, notify, extra } = renderWithSession(createRoutes(), { path: '/profile' });
  await h1('Profile');
  otherTab().removeItem(SESSION_STORAGE_KEY);
  await h1('Login to get access!');
  expect(router.location.pathname).toBe('/login');
  expect(extra().getToken()).toBeUndefined();
  expect(notify).not.toHaveBeenCalled();
  expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
});

it('a login in another tab takes this one from /login to home, signed in as that user', async () => {
  const { router, notify, extra } = renderWithSession(createRoutes(), { path: '/login' });
  await h1('Login to get access!');
  otherTab().setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ ...aSession({ username: 'bob' }), jwt: 'jwt-bob' }),
  );
  await h1('Welcome, bob!');
  expect(router.location.pathname).toBe('/');
  expect(extra().getToken()).toBe('jwt-bob');
  expect(notify).not.toHaveBeenCalled();
});
