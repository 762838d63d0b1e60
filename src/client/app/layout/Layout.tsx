/**
 * The root of every route: the shortcuts help ("?" on every page) and the frame the route picks.
 * The login page sits in SignedOutFrame, part of the first load; every other page in a route-level
 * chunk with the signed-in navbar (the user's dropdown, the sign-out that asks about unsent offline
 * changes, the offline banner), which a visitor signing in does not need yet: StoreFrame (with the
 * Redux store and the navigation drawer) for the pages that read server data, SessionFrame for the rest.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { usePreloadWhenIdle } from '../../lib/preload';
import { useSessionUser } from '../../session/SessionProvider';
import { ShortcutsHelp } from '../../shortcuts/ShortcutsHelp';
import { loadLoginPage } from '../loadLoginPage';
import { FrameFallback } from './FrameFallback';
import { loadSessionFrame, loadSignedInFrame } from './loadSessionFrame';

export function Layout() {
  const signedIn = Boolean(useSessionUser());
  // Signed in, the next page this tab may have to show without warning is the login page; signed
  // out, the pages after signing in need the session's frame.
  usePreloadWhenIdle(loadLoginPage, signedIn);
  usePreloadWhenIdle(loadSessionFrame, !signedIn);
  usePreloadWhenIdle(loadSignedInFrame, !signedIn);
  return (
    <>
      <Suspense fallback={<FrameFallback />}>
        <Outlet />
      </Suspense>
      <ShortcutsHelp />
    </>
  );
}
