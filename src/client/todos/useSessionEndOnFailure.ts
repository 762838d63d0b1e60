/**
 * The spec: when loading the list fails, the session is removed and an error page is shown.
 * Ending the session removes the stored one too; the login guard keeps this page up after an
 * expiry, so the error stays visible until the visitor leaves it.
 */
import { useEffect } from 'react';
import { useSessionHandle } from '../session/SessionProvider';

export function useSessionEndOnFailure(failed: boolean): void {
  const session = useSessionHandle();
  useEffect(() => {
    if (failed) session.send({ type: 'session.expired' });
  }, [failed, session]);
}
