/**
 * Runs the session actor for the app and gives it to the components (route guards, navbar,
 * forms) and to the RTK Query store (through the `ApiExtra` bridge: the bearer token and the
 * reaction to a 401). One actor, one source of truth.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Session, User } from '../../shared/api-types';
import type { ApiExtra } from '../app/api';
import { showToast } from '../app/layout/toaster';
import { sessionMachine, type ToastVariant } from './sessionMachine';

export type SessionLogic = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionLogic>;
export type SessionSnapshot = SnapshotFrom<SessionLogic>;
export type Notify = (message: string, variant: ToastVariant) => void;

const SessionContext = createContext<SessionActorRef | null>(null);
const ApiExtraContext = createContext<ApiExtra | null>(null);

export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor needs a <SessionProvider>');
  return actor;
}

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
  return useSessionSelector((snapshot) => snapshot.context.session);
}

/** The signed-in user, or undefined for an anonymous visitor. */
export function useSessionUser(): User | undefined {
  return useSessionSelector((snapshot) => snapshot.context.session?.user);
}

/** The toast every session message goes through (durations are set by the toast host). */
export const notifyWithToast: Notify = (message, variant) => {
  showToast(message, { variant });
};

/** Without a router to hand, a full page load still gets the visitor there. */
const assignLocation = (to: string) => window.location.assign(to);

export interface SessionProviderProps {
  children?: ReactNode;
  /** Client-side navigation, e.g. `(to) => router.navigate(to)`. */
  navigate?: (to: string) => void;
  notify?: Notify;
  /** Another implementation of the machine (tests and the dev gallery swap the API calls). */
  logic?: SessionLogic;
}

export function SessionProvider({
  children,
  navigate = assignLocation,
  notify = notifyWithToast,
  logic = sessionMachine,
}: SessionProviderProps) {
  const actor = useActorRef(
    logic.provide({
      actions: {
        navigate: (_, params) => navigate(params.to),
        notify: (_, params) => notify(params.message, params.variant),
      },
    }),
  );
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
