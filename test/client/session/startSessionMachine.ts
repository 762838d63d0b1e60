/**
 * Starts the session machine with fake API calls the test controls, and records what it asks the
 * app to do (navigate, toast) and what it emits.
 */
import { createActor, fromPromise } from 'xstate';
import type { Session } from '../../../src/shared/api-types';
import type { LoginForm, RegisterForm } from '../../../src/shared/schemas';
import { sessionMachine } from '../../../src/client/session/sessionMachine';
import type { ToastVariant } from '../../../src/client/session/sessionTypes';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';

export const session = (username = 'alice', jwt = 'jwt-1'): Session => ({
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

export const credentials: LoginForm = { identifier: 'alice@example.com', password: 'Secret1!' };
export const registration: RegisterForm = {
  email: 'bob@example.com',
  username: 'bob',
  password: 'Secret1!',
};

export const flush = () =>
  new Promise<void>((resolve) =>
    jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve),
  );

export function start(
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

export const stored = () => localStorage.getItem(SESSION_STORAGE_KEY);
