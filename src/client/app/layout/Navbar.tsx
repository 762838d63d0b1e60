/**
 * The navbar for the session: signed out, the bar with Register and Login; signed in,
 * SignedInNavbar (the user's dropdown, the sign-out and the offline banner). Part of SessionFrame's
 * chunk, so the login page's first load carries none of the signed-in part.
 */
import { useState, type ReactNode } from 'react';
import { useSessionUser } from '../../session/SessionProvider';
import { NavbarView } from './NavbarView';
import SignedInNavbar from './SignedInNavbar';

const noop = () => {};

export interface NavbarProps {
  /** The navigation drawer's lists, for the menu of a screen too narrow for the drawer (given `close`). */
  lists?: (close: () => void) => ReactNode;
}

export function Navbar({ lists }: NavbarProps) {
  const user = useSessionUser();
  const menu = useState(false);
  if (!user) return <NavbarView user={undefined} onLogout={noop} menu={menu} />;
  return <SignedInNavbar menu={menu} lists={lists} />;
}
