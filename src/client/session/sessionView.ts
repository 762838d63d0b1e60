import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './sessionMachine';
import type { SessionView } from './sessionStore';

/** What the components read of a snapshot (see sessionStore.ts). */
export function sessionView(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  return {
    session: snapshot.context.session,
    endedBy: snapshot.context.endedBy,
    loggingIn: snapshot.matches({ auth: { signedOut: 'loggingIn' } }),
    loggingOut: snapshot.matches({ auth: { signedIn: 'loggingOut' } }),
    leaving: snapshot.matches({ auth: { signedOut: 'leaving' } }),
    registering: snapshot.matches({ registration: 'submitting' }),
    registered: snapshot.matches({ registration: 'done' }),
    registrationErrors: snapshot.context.registrationErrors,
  };
}
