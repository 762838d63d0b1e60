/**
 * Gives the session actor (see sessionActor.ts) to the components (route guards, navbar, forms)
 * and to the RTK Query store (through the `ApiExtra` bridge: the bearer token and the reaction to
 * a 401). Components read it with @xstate/react's useSelector, send it events and listen to what
 * it emits (`actor.on`).
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Session, User } from '../../shared/api-types';
import type { ApiExtra } from '../lib/api';
import type { SessionActorRef, SessionSnapshot } from './sessionActor';
import { selectSession } from './sessionView';

const SessionContext = createContext<SessionActorRef | null>(null);
const ApiExtraContext = createContext<ApiExtra | null>(null);

/** The session actor: send it events, listen to what it emits. */
export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('the session hooks need a <SessionProvider>');
  return actor;
}

/** A value read from the session's snapshot, kept up to date (see sessionView.ts). */
export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}

/** The bridge the RTK Query store gets from the session: the bearer token and the reaction to a 401. */
export function useApiExtra(): ApiExtra {
  const extra = useContext(ApiExtraContext);
  if (!extra) throw new Error('useApiExtra needs a <SessionProvider>');
  return extra;
}

/** The stored session (jwt and user), or undefined for an anonymous visitor. */
export function useSession(): Session | undefined {
  return useSessionSelector(selectSession);
}

/** The signed-in user, or undefined for an anonymous visitor. */
export function useSessionUser(): User | undefined {
  return useSessionSelector((snapshot) => snapshot.context.session?.user);
}

export function SessionProvider({
  actor,
  children,
}: {
  actor: SessionActorRef;
  children?: ReactNode;
}) {
  const extra = useMemo<ApiExtra>(
    () => ({
      getToken: () => actor.getSnapshot().context.session?.jwt,
      onUnauthorized: () => actor.send({ type: 'session.expired' }),
    }),
    [actor],
  );
  return (
    <SessionContext.Provider value={actor}>
      <ApiExtraContext.Provider value={extra}>{children}</ApiExtraContext.Provider>
    </SessionContext.Provider>
  );
}
