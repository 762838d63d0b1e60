/**
 * The session: who is signed in, and the three flows that change it (login, register, logout).
 * The account pages also renew it (a password reset or change issues a new token) and close it
 * (the account logged out everywhere, or deleted).
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
 * The live stream may hear of another tab's logout first (the server ends the token before that
 * tab has its answer): `session.revoked` then does the same.
 *
 * `navigate` and `notify` are placeholders: the app (or a test) provides them with
 * `sessionMachine.provide({ actions: { navigate, notify } })`. The start and end of a session are
 * also emitted (`session.started`, `session.ended`), so the app can reset the API cache; a
 * session ended in another tab is announced as a logout.
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { Session } from '../../shared/api-types';
import { AuthError, authErrorMessage } from './authApi';
import { logIn, logOut, register, watchOtherTabs } from './sessionActors';
import { registrationRegion } from './registrationRegion';
import { LOGOUT_REDIRECT_MS, REGISTER_REDIRECT_MS, SESSION_MESSAGES } from './sessionMessages';
import {
  go,
  keepRenewedSession,
  signedInByRenewal,
  signedInElsewhere,
  signedOutAfterLogout,
  signedOutByServer,
  signedOutElsewhere,
  toast,
  toastClosedMessage,
} from './sessionTransitions';
import type {
  SessionContext,
  SessionEmitted,
  SessionEndReason,
  SessionEvent,
  ToastVariant,
} from './sessionTypes';
import {
  readStoredSession,
  removeStoredSession,
  removeStoredSessionOf,
  writeStoredSession,
} from './storage';

type Toast = { message: string; variant: ToastVariant };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: { logIn, register, logOut, watchOtherTabs },
  actions: {
    /** Provided by the app: client-side navigation. */
    navigate: (_, _params: { to: string }) => {},
    /** Provided by the app: shows a toast. */
    notify: (_, _params: Toast) => {},
    restoreSession: assign({ session: () => readStoredSession() }),
    keepSession: assign({
      session: (_, params: { session: Session }) => params.session,
      endedBy: undefined,
    }),
    storeSession: (_, params: { session: Session }) => writeStoredSession(params.session),
    forgetSession: assign({
      session: () => undefined,
      endedBy: (_, params: { reason: SessionEndReason }) => params.reason,
    }),
    removeStoredSession: () => removeStoredSession(),
    removeOwnStoredSession: ({ context }) => removeStoredSessionOf(context.session?.jwt),
    keepRegistrationErrors: assign({
      registrationErrors: (_, params: { error: unknown }) =>
        params.error instanceof AuthError ? params.error.fieldMessages : {},
    }),
    announceStart: emit({ type: 'session.started' as const }),
    announceEnd: emit((_, params: { reason: SessionEndReason }) => ({
      type: 'session.ended' as const,
      reason: params.reason,
    })),
  },
  guards: {
    hasSession: ({ context }) => context.session !== undefined,
    sessionEnded: ({ context }) => context.endedBy !== undefined,
    /** Another tab stored a session other than this one (another token). */
    isAnotherSession: ({ context, event }) =>
      event.type === 'session.storedElsewhere' && event.session.jwt !== context.session?.jwt,
    isThisSession: ({ context, event }) =>
      event.type === 'session.revoked' && event.jwt === context.session?.jwt,
    isAnotherUser: ({ context, event }) =>
      event.type === 'session.renewed' && event.session.user.id !== context.session?.user.id,
  },
  delays: {
    logoutRedirect: LOGOUT_REDIRECT_MS,
    registerRedirect: REGISTER_REDIRECT_MS,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: { session: undefined, endedBy: undefined, registrationErrors: {} },
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
          on: {
            /** The account page closed the session, but the event stream heard of it first: still say so. */
            'session.closed': { guard: 'sessionEnded', actions: toastClosedMessage },
          },
          states: {
            idle: {
              on: {
                'session.login': 'loggingIn',
                'session.storedElsewhere': signedInElsewhere,
                'session.renewed': signedInByRenewal,
              },
            },
            /** Just logged out: the toast is up, and / follows after 1000 ms. */
            leaving: {
              after: { logoutRedirect: { target: 'idle', actions: go('/') } },
              on: {
                'session.login': 'loggingIn',
                'session.storedElsewhere': signedInElsewhere,
                'session.renewed': signedInByRenewal,
              },
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
                /** A reset link opened while someone else is signed in switches users, with a fresh cache. */
                'session.renewed': [
                  { guard: 'isAnotherUser', ...signedInByRenewal },
                  { actions: keepRenewedSession },
                ],
                'session.closed': signedOutByServer,
                'session.expired': {
                  target: '#session.auth.signedOut',
                  actions: [
                    { type: 'forgetSession', params: { reason: 'expired' } },
                    'removeStoredSession',
                    { type: 'announceEnd', params: { reason: 'expired' } },
                  ],
                },
                /** Another tab logged out (its token is revoked already): sign out here too. */
                'session.clearedElsewhere': signedOutElsewhere,
                /**
                 * The server ended the token first (the stream hears a logout in another tab before
                 * that tab removes the stored session): the same, and the dead session is not kept.
                 */
                'session.revoked': { guard: 'isThisSession', ...signedOutElsewhere },
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
    registration: registrationRegion,
  },
});
