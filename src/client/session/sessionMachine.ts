/**
 * The session: who is signed in, and the three flows that change it (login, register, logout).
 *
 * Two parallel regions:
 * - `auth`: restoring (reads the stored session once) → signedOut | signedIn. Login, logout and
 *   an expired token (a 401 from any call) move between them, and the stored session follows.
 * - `registration`: open to everybody, so it does not depend on `auth`. After a successful
 *   registration it waits 2000 ms and goes to /login.
 *
 * `navigate` and `notify` are placeholders: the app (or a test) provides them with
 * `sessionMachine.provide({ actions: { navigate, notify } })`. The end of a session is also
 * emitted as `session.ended`, so the app can reset the API cache.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { Session } from '../../shared/api-types';
import type { LoginForm, RegisterForm } from '../../shared/schemas';
import { authErrorMessage, requestLogin, requestLogout, requestRegistration } from './authApi';
import { readStoredSession, removeStoredSession, writeStoredSession } from './storage';

export const LOGOUT_REDIRECT_MS = 1000;
export const REGISTER_REDIRECT_MS = 2000;

export const SESSION_MESSAGES = {
  loginSuccess: 'Login successful! Redirecting...',
  loginFailure: 'Unknown error!',
  registerSuccess: 'Registration successful! Welcome aboard.',
  registerFailure: 'Unknown error occurred',
  logout: 'Logout successful! Redirecting...',
} as const;

export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

export type SessionEvent =
  | { type: 'session.login'; credentials: LoginForm }
  | { type: 'session.register'; form: RegisterForm }
  | { type: 'session.logout' }
  | { type: 'session.expired' };

export type SessionEmitted =
  | { type: 'session.ended'; reason: 'logout' | 'expired' }
  | { type: 'session.started' };

export type SessionEndReason = Extract<SessionEmitted, { type: 'session.ended' }>['reason'];

export interface SessionContext {
  session: Session | undefined;
  /** How the last session ended: an expiry leaves the page that saw it up, to show its error. */
  endedBy: SessionEndReason | undefined;
}

type Toast = { message: string; variant: ToastVariant };

const toast = (message: string, variant: ToastVariant) => ({
  type: 'notify' as const,
  params: { message, variant },
});
const go = (to: string) => ({ type: 'navigate' as const, params: { to } });

/** Logout ends the session whether or not the server could revoke the token. */
const signedOutAfterLogout = {
  target: '#session.auth.signedOut.leaving',
  actions: [
    { type: 'forgetSession', params: { reason: 'logout' } },
    'removeStoredSession',
    toast(SESSION_MESSAGES.logout, 'success'),
    { type: 'announceEnd', params: { reason: 'logout' } },
  ],
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    logIn: fromPromise<Session, LoginForm>(({ input, signal }) => requestLogin(input, signal)),
    register: fromPromise<Session, RegisterForm>(({ input, signal }) =>
      requestRegistration(input, signal),
    ),
    logOut: fromPromise<void, { jwt: string }>(({ input, signal }) =>
      requestLogout(input.jwt, signal),
    ),
  },
  actions: {
    /** Provided by the app: client-side navigation. */
    navigate: (_, _params: { to: string }) => {},
    /** Provided by the app: shows a toast. */
    notify: (_, _params: Toast) => {},
    restoreSession: assign({ session: () => readStoredSession() }),
    keepSession: assign({ session: (_, params: { session: Session }) => params.session, endedBy: undefined }),
    storeSession: (_, params: { session: Session }) => writeStoredSession(params.session),
    forgetSession: assign({
      session: () => undefined,
      endedBy: (_, params: { reason: SessionEndReason }) => params.reason,
    }),
    removeStoredSession: () => removeStoredSession(),
    announceStart: emit({ type: 'session.started' as const }),
    announceEnd: emit((_, params: { reason: SessionEndReason }) => ({
      type: 'session.ended' as const,
      reason: params.reason,
    })),
  },
  guards: {
    hasSession: ({ context }) => context.session !== undefined,
  },
  delays: {
    logoutRedirect: LOGOUT_REDIRECT_MS,
    registerRedirect: REGISTER_REDIRECT_MS,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: { session: undefined, endedBy: undefined },
  states: {
    auth: {
      initial: 'restoring',
      states: {
        restoring: {
          entry: 'restoreSession',
          always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
        },
        signedOut: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'session.login': 'loggingIn' },
            },
            /** Just logged out: the toast is up, and / follows after 1000 ms. */
            leaving: {
              after: { logoutRedirect: { target: 'idle', actions: go('/') } },
              on: { 'session.login': 'loggingIn' },
            },
            loggingIn: {
              invoke: {
                src: 'logIn',
                input: ({ event }) => {
                  assertEvent(event, 'session.login');
                  return event.credentials;
                },
                onDone: {
                  target: '#session.auth.signedIn',
                  actions: [
                    { type: 'keepSession', params: ({ event }) => ({ session: event.output }) },
                    { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
                    'announceStart',
                    toast(SESSION_MESSAGES.loginSuccess, 'success'),
                    go('/'),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({
                      message: authErrorMessage(event.error, SESSION_MESSAGES.loginFailure),
                      variant: 'error',
                    }),
                  },
                },
              },
            },
          },
        },
        signedIn: {
          initial: 'active',
          states: {
            active: {
              on: {
                'session.logout': 'loggingOut',
                'session.expired': {
                  target: '#session.auth.signedOut',
                  actions: [
                    { type: 'forgetSession', params: { reason: 'expired' } },
                    'removeStoredSession',
                    { type: 'announceEnd', params: { reason: 'expired' } },
                  ],
                },
              },
            },
            /** Revoking the token on the server; whatever it answers, the session ends. */
            loggingOut: {
              invoke: {
                src: 'logOut',
                input: ({ context }) => ({ jwt: context.session?.jwt ?? '' }),
                onDone: signedOutAfterLogout,
                onError: signedOutAfterLogout,
              },
            },
          },
        },
      },
    },
    registration: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'session.register': 'submitting' },
        },
        submitting: {
          invoke: {
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'session.register');
              return event.form;
            },
            onDone: { target: 'done', actions: toast(SESSION_MESSAGES.registerSuccess, 'success') },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  message: authErrorMessage(event.error, SESSION_MESSAGES.registerFailure),
                  variant: 'error',
                }),
              },
            },
          },
        },
        /** Registered: /login follows after 2000 ms, unless the visitor logs in or registers again first. */
        done: {
          after: { registerRedirect: { target: 'idle', actions: go('/login') } },
          on: { 'session.login': 'idle', 'session.register': 'submitting' },
        },
      },
    },
  },
});
