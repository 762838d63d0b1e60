/** The account pages' events: a session renewed by a password reset or change, and one closed by the server. */
import type { Session } from '../../../src/shared/api-types';
import { LOGOUT_REDIRECT_MS } from '../../../src/client/session/sessionMessages';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { session, start, stored } from './startSessionMachine';

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});

afterEach(() => jest.useRealTimers());

const otherUser = (): Session => {
  const bob = session('bob', 'jwt-bob');
  return { ...bob, user: { ...bob.user, id: 8 } };
};

describe('session.renewed', () => {
  it('signs in a visitor with the reset session, stores it and goes where the page says', () => {
    const { actor, navigate, toasts } = start();
    const started = jest.fn();
    actor.on('session.started', started);
    actor.send({ type: 'session.renewed', session: session(), goTo: '/todos' });
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(JSON.parse(stored() ?? 'null')).toEqual(session());
    expect(started).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/todos');
    expect(toasts).toEqual([]); // the page toasts what happened
  });

  it('keeps a changed password’s new token for the same user, without a new start or a move', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor, navigate } = start();
    const started = jest.fn();
    actor.on('session.started', started);
    actor.send({ type: 'session.renewed', session: session('alice', 'jwt-2') });
    expect(actor.getSnapshot().context.session?.jwt).toBe('jwt-2');
    expect(JSON.parse(stored() ?? 'null')).toEqual(session('alice', 'jwt-2'));
    expect(started).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('switches users with a fresh start when a reset link is used while another user is signed in', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor, navigate } = start();
    const started = jest.fn();
    actor.on('session.started', started);
    actor.send({ type: 'session.renewed', session: otherUser(), goTo: '/todos' });
    expect(actor.getSnapshot().context.session?.user.id).toBe(8);
    expect(started).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/todos');
  });
});

describe('session.closed', () => {
  it('signs out without calling the server, toasts the page’s message and goes to / after 1000 ms', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor, navigate, toasts, logOut, ended } = start();
    actor.send({ type: 'session.closed', message: 'Logged out of all devices' });
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'leaving' } })).toBe(true);
    expect(stored()).toBeNull();
    expect(logOut).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ reason: 'logout' }));
    expect(toasts).toEqual([{ message: 'Logged out of all devices', variant: 'success' }]);
    jest.advanceTimersByTime(LOGOUT_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('is ignored by an anonymous visitor', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'session.closed', message: 'Logged out of all devices' });
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('only toasts its message when the event stream signed the tab out first', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor, navigate, toasts, ended } = start();
    actor.send({ type: 'session.revoked', jwt: session().jwt });
    expect(navigate).toHaveBeenCalledWith('/login');
    actor.send({ type: 'session.closed', message: 'Logged out of all devices' });
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(toasts).toEqual([{ message: 'Logged out of all devices', variant: 'success' }]);
    expect(ended).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(LOGOUT_REDIRECT_MS * 2);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
