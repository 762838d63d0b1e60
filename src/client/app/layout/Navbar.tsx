/**
 * The navbar for the session: signed out, the bar with Register and Login; signed in,
 * SignedInNavbar, a chunk of its own loaded like a page, so /login's first load does not carry the
 * user's dropdown, the sign-out and the offline queue behind it. Until that chunk arrives the bar
 * shows the signed-in links without the dropdown.
 */
import { lazy, Suspense, useState } from 'react';
import { useSessionUser } from '../../session/SessionProvider';
import { NavbarView } from './NavbarView';

const SignedInNavbar = lazy(() => import('./SignedInNavbar'));
const noop = () => {};

export function Navbar() {
  const user = useSessionUser();
  // Kept here, so a menu opened on the stand-in bar stays open when the signed-in bar replaces it.
  const menu = useState(false);
  if (!user) return <NavbarView user={undefined} onLogout={noop} menu={menu} />;
  return (
    <Suspense fallback={<NavbarView user={user} loggingOut onLogout={noop} menu={menu} />}>
      <SignedInNavbar menu={menu} />
    </Suspense>
  );
}
