/**
 * Route guards: they read the session actor, so they follow login, logout and a 401 as they
 * happen.
 */
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionSelector, useSessionUser } from './SessionProvider';
import { isLeaving, selectEndedBy } from './sessionView';

/**
 * Right after a logout the session machine shows its toast and navigates to / after 1000 ms (the
 * spec's timing); until then a guard shows nothing rather than redirecting to /login itself.
 */
const useLeaving = () => useSessionSelector(isLeaving);

/** Home and profile: signed-in users only; anybody else goes to /login. */
export function RequireUser() {
  const user = useSessionUser();
  const leaving = useLeaving();
  if (user) return <Outlet />;
  return leaving ? null : <Navigate to="/login" replace />;
}

/**
 * Like RequireUser, but a session that expires while the page is shown (its load failed, or a
 * call got 401) leaves the page up so it can show what went wrong; the next navigation goes to
 * /login. Only for pages that render their own error without a user.
 */
export function RequireUserOrShowExpiry() {
  const user = useSessionUser();
  const expired = useSessionSelector(selectEndedBy) === 'expired';
  const leaving = useLeaving();
  const { key } = useLocation();
  const [grantedKey, setGrantedKey] = useState(user ? key : undefined);
  if (user && grantedKey !== key) setGrantedKey(key);
  if (user || (expired && grantedKey === key)) return <Outlet />;
  return leaving ? null : <Navigate to="/login" replace />;
}

/** Login: anonymous visitors only; a signed-in user goes to /. */
export function RequireAnonymous() {
  return useSessionUser() ? <Navigate to="/" replace /> : <Outlet />;
}
