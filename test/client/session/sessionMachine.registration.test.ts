/** The registration region: open to everybody, independent of who is signed in. */
import { AuthError } from '../../../src/client/session/authApi';
import { REGISTER_REDIRECT_MS } from '../../../src/client/session/sessionMessages';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { credentials, flush, registration, session, start, stored } from './startSessionMachine';

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('registration', () => {
  it('calls the API, toasts, and goes to /login after 2000 ms without signing in', async () => {
    const { actor, register, navigate, toasts } = start();
    actor.send({ type: 'session.register', form: registration });
    expect(actor.getSnapshot().matches({ registration: 'submitting' })).toBe(true);
    expect(register).toHaveBeenCalledWith(registration);
    await flush();
    expect(actor.getSnapshot().matches({ registration: 'done' })).toBe(true);
    expect(toasts).toEqual([
      { message: 'Registration successful! Welcome aboard.', variant: 'success' },
    ]);
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(stored()).toBeNull();
    jest.advanceTimersByTime(REGISTER_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(actor.getSnapshot().matches({ registration: 'idle' })).toBe(true);
    expect(REGISTER_REDIRECT_MS).toBe(2000);
  });

  it('shows the server message on failure and does not redirect', async () => {
    const { actor, navigate, toasts } = start({
      register: () => Promise.reject(new AuthError('Email or Username are already taken', 400)),
    });
    actor.send({ type: 'session.register', form: registration });
    await flush();
    expect(actor.getSnapshot().matches({ registration: 'idle' })).toBe(true);
    expect(toasts).toEqual([{ message: 'Email or Username are already taken', variant: 'error' }]);
    jest.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says "Unknown error occurred" when the server gave no message', async () => {
    const { actor, toasts } = start({
      register: () => Promise.reject(new AuthError(undefined, 500)),
    });
    actor.send({ type: 'session.register', form: registration });
    await flush();
    expect(toasts).toEqual([{ message: 'Unknown error occurred', variant: 'error' }]);
  });

  it('ignores a second registration while one is running', () => {
    const { actor, register } = start({ register: () => new Promise(() => {}) });
    actor.send({ type: 'session.register', form: registration });
    actor.send({ type: 'session.register', form: registration });
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('is open to a signed-in user, whose session it leaves alone', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session()));
    const { actor, register } = start();
    actor.send({ type: 'session.register', form: registration });
    await flush();
    expect(register).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.session).toEqual(session());
    expect(JSON.parse(stored() ?? 'null')).toEqual(session());
  });

  it('a login before the redirect cancels it', async () => {
    const { actor, navigate } = start();
    actor.send({ type: 'session.register', form: registration });
    await flush();
    actor.send({ type: 'session.login', credentials });
    await flush();
    expect(navigate).toHaveBeenCalledWith('/');
    navigate.mockClear();
    jest.advanceTimersByTime(REGISTER_REDIRECT_MS * 2);
    expect(navigate).not.toHaveBeenCalled();
  });
});
