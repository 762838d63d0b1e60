/**
 * Gives the session to the components (route guards, navbar, forms) and to the RTK Query store
 * (through the `ApiExtra` bridge: the bearer token and the reaction to a 401). One actor, one
 * source of truth: the session machine, which runs once it is wanted (see sessionStore.ts); the
 * sign-in pages' first load does not carry XState.
 */
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Session, User } from '../../shared/api-types';
import type { ApiExtra } from '../lib/api';
import { showToast } from '../lib/toaster';
import type { ToastVariant } from './sessionTypes';
import {
  createSessionStore,
  type SessionHandle,
  type SessionLogic,
  type SessionStore,
  type SessionView,
} from './sessionStore';
import { readStoredSession, watchStoredSessionElsewhere } from './storage';

export type { SessionHandle, SessionLogic, SessionView } from './sessionStore';
export type Notify = (message: string, variant: ToastVariant) => void;

const SessionActorHost = lazy(() => import('./SessionActorHost'));

const SessionContext = createContext<SessionStore | null>(null);
const ApiExtraContext = createContext<ApiExtra | null>(null);

function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('the session hooks need a <SessionProvider>');
  return store;
}

/** Send the session events, hear what it emits. */
export function useSessionHandle(): SessionHandle {
  return useSessionStore();
}

/**
 * A value read from the session, kept up to date. The selector returns a part of the view (or a
 * value computed from it), not a new object on every call.
 */
export function useSessionView<T>(selector: (view: SessionView) => T): T {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getView()));
}

/** The bridge the RTK Query store gets from the session: the bearer token and the reaction to a 401. */
export function useApiExtra(): ApiExtra {
  const extra = useContext(ApiExtraContext);
  if (!extra) throw new Error('useApiExtra needs a <SessionProvider>');
  return extra;
}

/** The stored session (jwt and user), or undefined for an anonymous visitor. */
export function useSession(): Session | undefined {
  return useSessionView((view) => view.session);
}

/** The signed-in user, or undefined for an anonymous visitor. */
export function useSessionUser(): User | undefined {
  return useSessionView((view) => view.session?.user);
}

/** The toast every session message goes through (durations are set by the toast host). */
export const notifyWithToast: Notify = (message, variant) => {
  showToast(message, { variant });
};

/** Without a router to hand, a full page load still gets the visitor there. */
const assignLocation = (to: string) => window.location.assign(to);

export interface SessionProviderProps {
  children?: ReactNode;
  /** Client-side navigation, e.g. `(to) => navigate(to)`. */
  navigate?: (to: string) => void;
  notify?: Notify;
  /** Another implementation of the machine (tests and the dev gallery swap the API calls). */
  logic?: SessionLogic;
}

export function SessionProvider({
  children,
  navigate = assignLocation,
  notify = notifyWithToast,
  logic,
}: SessionProviderProps) {
  // The stored session is read once, here; the machine reads the same when it starts.
  const [store] = useState(() => createSessionStore(readStoredSession()));
  const wanted = useSyncExternalStore(store.subscribeWanted, store.isWanted);
  // Before the actor runs, a session stored by another tab wakes it (it then reads that session).
  useEffect(
    () => (wanted ? undefined : watchStoredSessionElsewhere(() => store.prepare())),
    [store, wanted],
  );
  const extra = useMemo<ApiExtra>(
    () => ({
      getToken: () => store.getView().session?.jwt,
      onUnauthorized: () => store.send({ type: 'session.expired' }),
    }),
    [store],
  );
  return (
    <SessionContext.Provider value={store}>
      <ApiExtraContext.Provider value={extra}>{children}</ApiExtraContext.Provider>
      {wanted && (
        <Suspense fallback={null}>
          <SessionActorHost store={store} logic={logic} navigate={navigate} notify={notify} />
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}
