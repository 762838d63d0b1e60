/**
 * Transitions and action objects the session machine uses in more than one place. Plain `as const`
 * objects: the machine's `setup` checks their action names and params where they are used.
 */
import { assertEvent } from 'xstate';
import { SESSION_MESSAGES } from './sessionMessages';
import type { SessionEvent, ToastVariant } from './sessionTypes';

export const toast = (message: string, variant: ToastVariant) => ({
  type: 'notify' as const,
  params: { message, variant },
});
export const go = (to: string) => ({ type: 'navigate' as const, params: { to } });

/** Logout ends the session whether or not the server could revoke the token. */
export const signedOutAfterLogout = {
  target: '#session.auth.signedOut.leaving',
  actions: [
    { type: 'forgetSession', params: { reason: 'logout' } },
    'removeStoredSession',
    toast(SESSION_MESSAGES.logout, 'success'),
    { type: 'announceEnd', params: { reason: 'logout' } },
  ],
} as const;

/** What the account page says when the server closed the session (logged out everywhere, deleted). */
export const toastClosedMessage = {
  type: 'notify',
  params: ({ event }: { event: SessionEvent }) => {
    assertEvent(event, 'session.closed');
    return { message: event.message, variant: 'success' as const };
  },
} as const;

/** The server ended every token of the user already (logged out everywhere, deleted): nothing to revoke. */
export const signedOutByServer = {
  target: '#session.auth.signedOut.leaving',
  actions: [
    { type: 'forgetSession', params: { reason: 'logout' } },
    'removeStoredSession',
    toastClosedMessage,
    { type: 'announceEnd', params: { reason: 'logout' } },
  ],
} as const;

/**
 * The session ended elsewhere (another tab logged out, or the server revoked the token): to
 * /login, without an API call or a toast. The stored session goes only if it is still this one.
 */
export const signedOutElsewhere = {
  target: '#session.auth.signedOut',
  actions: [
    'removeOwnStoredSession',
    { type: 'forgetSession', params: { reason: 'logout' } },
    { type: 'announceEnd', params: { reason: 'logout' } },
    go('/login'),
  ],
} as const;

/** Another tab logged in: follow it. No API call, no toast, nothing written back. */
export const signedInElsewhere = {
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

/** A session the server issued for this user (a password reset or change): kept and stored. */
const renewed = (event: SessionEvent) => {
  assertEvent(event, 'session.renewed');
  return { session: event.session };
};

export const keepRenewedSession = [
  { type: 'keepSession', params: ({ event }: { event: SessionEvent }) => renewed(event) },
  { type: 'storeSession', params: ({ event }: { event: SessionEvent }) => renewed(event) },
] as const;

/** Signed in by a password reset: the same as a login, without its toast; the page says where to go. */
export const signedInByRenewal = {
  target: '#session.auth.signedIn',
  actions: [
    ...keepRenewedSession,
    'announceStart',
    {
      type: 'navigate',
      params: ({ event }: { event: SessionEvent }) => {
        assertEvent(event, 'session.renewed');
        return { to: event.goTo ?? '/' };
      },
    },
  ],
} as const;
