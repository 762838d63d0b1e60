/** What the components read of the session actor's snapshot (with @xstate/react's useSelector). */
import type { SessionSnapshot } from './sessionActor';

export const selectSession = (snapshot: SessionSnapshot) => snapshot.context.session;

/** How the last session ended: an expiry leaves the page that saw it up, to show its error. */
export const selectEndedBy = (snapshot: SessionSnapshot) => snapshot.context.endedBy;

export const isLoggingIn = (snapshot: SessionSnapshot) =>
  snapshot.matches({ auth: { signedOut: 'loggingIn' } });

export const isLoggingOut = (snapshot: SessionSnapshot) =>
  snapshot.matches({ auth: { signedIn: 'loggingOut' } });

/** Just logged out: the toast is up and the redirect to / waits its 1000 ms. */
export const isLeaving = (snapshot: SessionSnapshot) =>
  snapshot.matches({ auth: { signedOut: 'leaving' } });

export const isRegistering = (snapshot: SessionSnapshot) =>
  snapshot.matches({ registration: 'submitting' });

/** Registered, waiting for the redirect to /login. */
export const isRegistered = (snapshot: SessionSnapshot) =>
  snapshot.matches({ registration: 'done' });

/** What the server refused in the last registration form, by field. */
export const selectRegistrationErrors = (snapshot: SessionSnapshot) =>
  snapshot.context.registrationErrors;
