import { createActor, fromPromise } from 'xstate';
import type { Session } from '../../../src/shared/api-types';
import type { LoginForm, RegisterForm } from '../../../src/shared/schemas';
import { AuthError } from '../../../src/client/session/authApi';
import {
  LOGOUT_REDIRECT_MS,
  REGISTER_REDIRECT_MS,
  SESSION_MESSAGES,
  sessionMachine,
  type ToastVariant,
} from '../../../src/client/session/sessionMachine';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { deferred } from './fixtures';

const session = (username = 'alice', jwt = 'jwt-1'): Session => ({
  jwt,
  user: {
    id: 7,
    username,
    email: `${username}@example.com`,
    provider: 'local',
    confirmed: true,
    blocked: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
  },
});

const credentials: LoginForm = { identifier: 'alice@example.com', password: 'Secret1!' };
const registration: RegisterForm = {
  email: 'bob@example.com',
  username: 'bob',
  password: 'Secret1!',
};

const flush = () =>
  new Promise<void>((resolve) =>
    jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve),
  );

function start(
  fakes: {
    logIn?: (input: LoginForm) => Promise<Session>;
    register?: (input: RegisterForm) => Promise<Session>;
    logOut?: (input: { jwt: string }) => Promise<void>;
  } = {},
) {
  const navigate = jest.fn<void, [string]>();
  const toasts: Array<{ message: string; variant: ToastVariant }> = [];
  const logIn = jest.fn(fakes.logIn ?? (() => Promise.resolve(session())));
  const register = jest.fn(fakes.register ?? (() => Promise.resolve(session('bob', 'jwt-bob'))));
  const logOut = jest.fn(fakes.logOut ?? (() => Promise.resolve()));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        logIn: fromPromise(({ input }: { input: LoginForm }) => logIn(input)),
        register: fromPromise(({ input }: { input: RegisterForm }) => register(input)),
        logOut: fromPromise(({ input }: { input: { jwt: string } }) => logOut(input)),
      },
      actions: {
        navigate: (_, params) => navigate(params.to),
        notify: (_, params) => toasts.push(params),
      },
    }),
  );
  const ended = jest.fn();
  actor.on('session.ended', ended);
  actor.start();
  return { actor, navigate, toasts, logIn, register, logOut, ended };
}

const stored = () => localStorage.getItem(SESSION_STORAGE_KEY);

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
