/**
 * Keeps the stored session's `confirmed` in step with the server's: an address confirmed through
 * the mailed link is otherwise still "not confirmed" in this browser until the next sign-in, and
 * pages that read the session (the reminder field's note) would say so.
 */
import { useEffect } from 'react';
import type { User } from '../../shared/api-types';
import { useSession, useSessionActor } from './SessionProvider';

export function useStoredConfirmation(fresh: Pick<User, 'id' | 'confirmed'> | undefined): void {
  const session = useSessionActor();
  const stored = useSession();
  useEffect(() => {
    if (
      !fresh ||
      !stored ||
      fresh.id !== stored.user.id ||
      fresh.confirmed === stored.user.confirmed
    )
      return;
    session.send({
      type: 'session.renewed',
      session: { ...stored, user: { ...stored.user, confirmed: fresh.confirmed } },
    });
  }, [fresh, stored, session]);
}
