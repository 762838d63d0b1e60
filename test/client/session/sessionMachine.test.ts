/** The auth region: start-up, login, logout and an expired session. */
import type { Session } from '../../../src/shared/api-types';
import { AuthError } from '../../../src/client/session/authApi';
import { LOGOUT_REDIRECT_MS, SESSION_MESSAGES } from '../../../src/client/session/sessionMessages';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { deferred } from './fixtures';
import { credentials, flush, session, start, stored } from './startSessionMachine';

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('start-up', () => {
  it('is signed out when nothing is stored', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toBeUndefined();
  });

  it('is signed in with the stored session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor } = start();
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toEqual(session());
  });

  it('treats a corrupt stored value as signed out', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(start().actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ jwt: 'x' }));
    expect(start().actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
  });

  it('reads the storage once: a later change is not picked up', () => {
    const { actor } = start();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context.session).toBeUndefined();
  });
});

describe('login', () => {
  it('calls the API with the credentials, stores the session, toasts and goes to /', async () => {
    const { actor, logIn, navigate, toasts } = start();
    actor.send({ type: 'session.login', credentials });
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'loggingIn' } })).toBe(true);
    expect(logIn).toHaveBeenCalledWith(credentials);
    await flush();
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toEqual(session());
    expect(JSON.parse(stored() ?? 'null')).toEqual(session());
    expect(toasts).toEqual([{ message: 'Login successful! Redirecting...', variant: 'success' }]);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('shows the server message on failure and stays signed out, storing nothing', async () => {
    const { actor, navigate, toasts } = start({
      logIn: () => Promise.reject(new AuthError('Invalid identifier or password', 400)),
    });
    actor.send({ type: 'session.login', credentials });
    await flush();
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(stored()).toBeNull();
    expect(toasts).toEqual([{ message: 'Invalid identifier or password', variant: 'error' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says "Unknown error!" when the server gave no message', async () => {
    const { actor, toasts } = start({
      logIn: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    actor.send({ type: 'session.login', credentials });
    await flush();
    expect(toasts).toEqual([{ message: SESSION_MESSAGES.loginFailure, variant: 'error' }]);
    expect(SESSION_MESSAGES.loginFailure).toBe('Unknown error!');
  });

  it('ignores a second login while one is running', async () => {
    const pending = deferred<Session>();
    const { actor, logIn } = start({ logIn: () => pending.promise });
    actor.send({ type: 'session.login', credentials });
    actor.send({ type: 'session.login', credentials });
    expect(logIn).toHaveBeenCalledTimes(1);
    pending.resolve(session());
    await flush();
    expect(actor.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
  });

  it('is refused while signed in', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor, logIn } = start();
    actor.send({ type: 'session.login', credentials });
    expect(logIn).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
  });
});

describe('logout', () => {
  beforeEach(() => localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session())));

  it('revokes the token, removes the stored session, toasts, and goes to / after 1000 ms', async () => {
    const { actor, logOut, navigate, toasts, ended } = start();
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'loggingOut' } })).toBe(true);
    expect(logOut).toHaveBeenCalledWith({ jwt: 'jwt-1' });
    expect(stored()).not.toBeNull();
    await flush();
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'leaving' } })).toBe(true);
    expect(actor.getSnapshot().context.session).toBeUndefined();
    expect(stored()).toBeNull();
    expect(toasts).toEqual([{ message: 'Logout successful! Redirecting...', variant: 'success' }]);
    expect(ended).toHaveBeenCalledWith({ type: 'session.ended', reason: 'logout' });
    jest.advanceTimersByTime(LOGOUT_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(LOGOUT_REDIRECT_MS).toBe(1000);
  });

  it('signs out even when the server call fails', async () => {
    const { actor, toasts } = start({
      logOut: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(stored()).toBeNull();
    expect(toasts.map((t) => t.message)).toEqual(['Logout successful! Redirecting...']);
  });

  it('ignores a second logout and a 401 while the first is running', async () => {
    const pending = deferred<void>();
    const { actor, logOut, toasts } = start({ logOut: () => pending.promise });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.expired' });
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'loggingOut' } })).toBe(true);
    pending.resolve();
    await flush();
    expect(toasts.map((t) => t.message)).toEqual(['Logout successful! Redirecting...']);
  });

  it('is refused while signed out', () => {
    localStorage.clear();
    const { actor, logOut, toasts } = start();
    actor.send({ type: 'session.logout' });
    expect(logOut).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
  });

  it('a login during the redirect delay cancels the redirect', async () => {
    const { actor, navigate } = start();
    actor.send({ type: 'session.logout' });
    await flush();
    actor.send({ type: 'session.login', credentials });
    await flush();
    navigate.mockClear();
    jest.advanceTimersByTime(LOGOUT_REDIRECT_MS * 2);
    expect(navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
  });
});

describe('an expired session (a 401 from any call)', () => {
  it('ends the session and removes the stored one', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor, ended, toasts, navigate } = start();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(stored()).toBeNull();
    expect(ended).toHaveBeenCalledWith({ type: 'session.ended', reason: 'expired' });
    expect(toasts).toEqual([]);
    jest.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is ignored while signed out', () => {
    const { actor, ended, toasts } = start();
    actor.send({ type: 'session.expired' });
    expect(ended).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});
