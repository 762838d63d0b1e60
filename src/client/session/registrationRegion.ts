/**
 * The session machine's `registration` region: open to everybody, so it does not depend on `auth`.
 * A plain `as const` object like sessionTransitions.ts: the machine's `setup` checks its actor,
 * action and delay names where it is used.
 */
import { assertEvent } from 'xstate';
import { authErrorMessage } from './authApi';
import { SESSION_MESSAGES } from './sessionMessages';
import { go, toast } from './sessionTransitions';
import type { SessionEvent } from './sessionTypes';

export const registrationRegion = {
  initial: 'idle',
  states: {
    idle: {
      on: { 'session.register': 'submitting' },
    },
    submitting: {
      invoke: {
        src: 'register',
        input: ({ event }: { event: SessionEvent }) => {
          assertEvent(event, 'session.register');
          return event.form;
        },
        onDone: { target: 'done', actions: toast(SESSION_MESSAGES.registerSuccess, 'success') },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'keepRegistrationErrors',
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
            {
              type: 'notify',
              params: ({ event }: { event: { error: unknown } }) => ({
                message: authErrorMessage(event.error, SESSION_MESSAGES.registerFailure),
                variant: 'error' as const,
              }),
            },
          ],
        },
      },
    },
    /** Registered: /login follows after 2000 ms, unless the visitor logs in or registers again first. */
    done: {
      after: { registerRedirect: { target: 'idle', actions: go('/login') } },
      on: { 'session.login': 'idle', 'session.register': 'submitting' },
    },
  },
} as const;
