/**
 * The navbar for the session: signed out, the bar with Register and Login; signed in,
 * SignedInNavbar (the user's dropdown, the sign-out and the offline banner). It is imported
 * statically: loaded as a chunk of its own, the bar shown meanwhile was replaced under a click
 * (CI lost a click on Todos that way), which costs /login ~9 KB gzip of its first load instead.
 */
import { useState } from 'react';
import { useSessionUser } from '../../session/SessionProvider';
import { NavbarView } from './NavbarView';
import SignedInNavbar from './SignedInNavbar';

const noop = () => {};

export function Navbar() {
  const user = useSessionUser();
  const menu = useState(false);
  if (!user) return <NavbarView user={undefined} onLogout={noop} menu={menu} />;
  return <SignedInNavbar menu={menu} />;
}
