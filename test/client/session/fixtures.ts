/** Test data and a session machine whose API calls the test controls. */
import { fromPromise } from 'xstate';
import type { Session } from '../../../src/shared/api-types';
import type { LoginForm, RegisterForm } from '../../../src/shared/schemas';
import { sessionMachine } from '../../../src/client/session/sessionMachine';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';

export const aSession = (overrides: Partial<Session['user']> = {}): Session => ({
  jwt: 'jwt-1',
  user: {
    id: 7,
    username: 'alice',
    email: 'alice@example.com',
    provider: 'local',
    confirmed: true,
    blocked: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  },
});

export const storeSession = (session: Session = aSession()) =>
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface FakeApi {
  logIn?: (input: LoginForm) => Promise<Session>;
  register?: (input: RegisterForm) => Promise<Session>;
  logOut?: (input: { jwt: string }) => Promise<void>;
}

export function fakeSessionLogic(api: FakeApi = {}) {
  return sessionMachine.provide({
    actors: {
      logIn: fromPromise(({ input }: { input: LoginForm }) =>
        (api.logIn ?? (() => Promise.resolve(aSession())))(input),
      ),
      register: fromPromise(({ input }: { input: RegisterForm }) =>
        (api.register ?? (() => Promise.resolve(aSession())))(input),
      ),
      logOut: fromPromise(({ input }: { input: { jwt: string } }) =>
        (api.logOut ?? (() => Promise.resolve()))(input),
      ),
    },
  });
}
