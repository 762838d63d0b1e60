/** Route guards: they read the session actor, so they follow login, logout and a 401 as they happen. */
import { Navigate, Outlet } from 'react-router-dom';
import { useSessionUser } from './SessionProvider';

/** Home, todos and profile: signed-in users only; anybody else goes to /login. */
export function RequireUser() {
  return useSessionUser() ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Login: anonymous visitors only; a signed-in user goes to /. */
export function RequireAnonymous() {
  return useSessionUser() ? <Navigate to="/" replace /> : <Outlet />;
}
