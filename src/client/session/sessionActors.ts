/**
 * The session machine's actors: the three API calls and the watch on other tabs. Tests replace
 * them with `sessionMachine.provide({ actors: { ...fakes } })`, so none of them runs in a test of
 * the machine.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { Session } from '../../shared/api-types';
import type { LoginForm, RegisterForm } from '../../shared/schemas';
import { requestLogin, requestLogout, requestRegistration } from './authApi';
import type { OtherTabEvent } from './sessionTypes';
import { watchStoredSessionElsewhere } from './storage';

export const logIn = fromPromise<Session, LoginForm>(({ input, signal }) =>
  requestLogin(input, signal),
);

export const register = fromPromise<Session, RegisterForm>(({ input, signal }) =>
  requestRegistration(input, signal),
);

export const logOut = fromPromise<void, { jwt: string }>(({ input, signal }) =>
  requestLogout(input.jwt, signal),
);

/** Reports the other tabs' changes to the stored session as events. */
export const watchOtherTabs = fromCallback<OtherTabEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  return watchStoredSessionElsewhere((session) =>
    sendBack(
      session ? { type: 'session.storedElsewhere', session } : { type: 'session.clearedElsewhere' },
    ),
  );
});
