/**
 * PLACEHOLDER (issue 3 replaces the internals with the XState session actor, keeping these exports):
 * provides the session to the app and a bridge for the RTK Query store.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Session, User } from '../../shared/api-types';
import type { ApiExtra } from '../app/api';
import { readStoredSession, removeStoredSession } from './storage';

interface SessionContextValue {
  session: Session | undefined;
  end(): void;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionContext needs a <SessionProvider>');
  return value;
}

/** The signed-in user, or undefined for an anonymous visitor. */
export function useSessionUser(): User | undefined {
  return useSessionContext().session?.user;
}

export function SessionProvider({ children, render }: { children?: ReactNode; render?: (extra: ApiExtra) => ReactNode }) {
  const [session, setSession] = useState(readStoredSession);
  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      end() {
        removeStoredSession();
        setSession(undefined);
      },
    }),
    [session],
  );
  const extra = useMemo<ApiExtra>(
    () => ({ getToken: () => readStoredSession()?.jwt, onUnauthorized: () => value.end() }),
    [value],
  );
  return <SessionContext.Provider value={value}>{render ? render(extra) : children}</SessionContext.Provider>;
}
