/**
 * The spec: when loading the list fails, the session is removed and an error page is shown.
 * Ending the session removes the stored one too; the login guard keeps this page up after an
 * expiry, so the error stays visible until the visitor leaves it.
 */
import { useEffect } from 'react';
import { useSessionActor } from '../session/SessionProvider';

export function useSessionEndOnFailure(failed: boolean): void {
  const actor = useSessionActor();
  useEffect(() => {
    if (failed) actor.send({ type: 'session.expired' });
  }, [failed, actor]);
}
