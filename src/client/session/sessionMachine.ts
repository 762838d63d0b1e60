/**
 * The session: who is signed in, and the three flows that change it (login, register, logout).
 *
 * Two parallel regions:
 * - `auth`: restoring (reads the stored session once) → signedOut | signedIn. Login, logout and
 *   an expired token (a 401 from any call) move between them, and the stored session follows.
 * - `registration`: open to everybody, so it does not depend on `auth`. After a successful
 *   registration it waits 2000 ms and goes to /login.
 *
 * Other tabs: the `watchOtherTabs` actor follows the stored session while the machine runs. When
 * another tab logs out (or its session expires) this tab signs out too and goes to /login; when
 * another tab logs in, this tab signs in as that user. Neither calls the API nor toasts (the other
 * tab did both), and neither writes the stored session back, so nothing bounces between tabs.
 *
 * `navigate` and `notify` are placeholders: the app (or a test) provides them with
 * `sessionMachine.provide({ actions: { navigate, notify } })`. The start and end of a session are
 * also emitted (`session.started`, `session.ended`), so the app can reset the API cache; a
 * session ended in another tab is announced as a logout.
 */
import { assertEvent, assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Session } from '../../shared/api-types';
import type { LoginForm, RegisterForm } from '../../shared/schemas';
import { authErrorMessage, requestLogin, requestLogout, requestRegistration } from './authApi';
import type { SessionView } from './sessionStore';
import {
  readStoredSession,
  removeStoredSession,
  watchStoredSessionElsewhere,
  writeStoredSession,
} from './storage';

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
  | { type: 'session.expired' }
  /** Another tab stored a session (it logged in). */
  | { type: 'session.storedElsewhere'; session: Session }
  /** Another tab removed the stored session (it logged out, or its session expired). */
  | { type: 'session.clearedElsewhere' };

/** What the `watchOtherTabs` actor reports. */
export type OtherTabEvent = Extract<
  SessionEvent,
  { type: 'session.storedElsewhere' } | { type: 'session.clearedElsewhere' }
>;

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

/** Another tab logged in: follow it. No API call, no toast, nothing written back. */
const signedInElsewhere = {
  target: '#session.auth.signedIn',
  actions: [
    {
      type: 'keepSession',
      params: ({ event }: { event: SessionEvent }) => {
        assertEvent(event, 'session.storedElsewhere');
        return { session: event.session };
      },
    },
    'announceStart',
  ],
} as const;

/** Reports the other tabs' changes to the stored session as events. */
export const watchOtherTabs = fromCallback<OtherTabEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  return watchStoredSessionElsewhere((session) =>
    sendBack(
      session
        ? { type: 'session.storedElsewhere', session }
        : { type: 'session.clearedElsewhere' },
    ),
  );
});

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
    watchOtherTabs,
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
    /** Another tab stored a session other than this one (another token). */
    isAnotherSession: ({ context, event }) =>
      event.type === 'session.storedElsewhere' && event.session.jwt !== context.session?.jwt,
  },
  delays: {
    logoutRedirect: LOGOUT_REDIRECT_MS,
    registerRedirect: REGISTER_REDIRECT_MS,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: { session: undefined, endedBy: undefined },
  invoke: { src: 'watchOtherTabs' },
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
              on: { 'session.login': 'loggingIn', 'session.storedElsewhere': signedInElsewhere },
            },
            /** Just logged out: the toast is up, and / follows after 1000 ms. */
            leaving: {
              after: { logoutRedirect: { target: 'idle', actions: go('/') } },
              on: { 'session.login': 'loggingIn', 'session.storedElsewhere': signedInElsewhere },
            },
            /** Another tab's login meanwhile is not followed: this one stores its own when it ends. */
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
                /** Another tab logged out (its token is revoked already): sign out here too. */
                'session.clearedElsewhere': {
                  target: '#session.auth.signedOut',
                  actions: [
                    { type: 'forgetSession', params: { reason: 'logout' } },
                    { type: 'announceEnd', params: { reason: 'logout' } },
                    go('/login'),
                  ],
                },
                /** Another tab logged in as someone else: switch to that session, with a fresh cache. */
                'session.storedElsewhere': [
                  { guard: 'isAnotherSession', ...signedInElsewhere },
                  {
                    actions: {
                      type: 'keepSession',
                      params: ({ event }) => ({ session: event.session }),
                    },
                  },
                ],
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

/** What the components read of a snapshot (see sessionStore.ts). */
export function sessionView(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  return {
    session: snapshot.context.session,
    endedBy: snapshot.context.endedBy,
    loggingIn: snapshot.matches({ auth: { signedOut: 'loggingIn' } }),
    loggingOut: snapshot.matches({ auth: { signedIn: 'loggingOut' } }),
    registering: snapshot.matches({ registration: 'submitting' }),
    registered: snapshot.matches({ registration: 'done' }),
  };
}
