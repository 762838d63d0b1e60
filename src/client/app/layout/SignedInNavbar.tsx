/**
 * The signed-in top of every page: the navbar with the user's dropdown, the sign-out that asks
 * about unsent offline changes, and the offline banner (in SessionFrame's chunk, see Layout).
 */
import { OfflineBanner, useSignOut } from '../../offline';
import { useSessionActor, useSessionSelector, useSessionUser } from '../../session/SessionProvider';
import { isLoggingOut } from '../../session/sessionView';
import { NavbarView, type NavbarViewProps } from './NavbarView';
import { UserMenu } from './UserMenu';

export default function SignedInNavbar({ menu, lists }: Pick<NavbarViewProps, 'menu' | 'lists'>) {
  const session = useSessionActor();
  const user = useSessionUser();
  const loggingOut = useSessionSelector(isLoggingOut);
  const { signOut, dialog } = useSignOut(user?.id, {
    end: () => session.send({ type: 'session.logout' }),
  });
  return (
    <>
      <NavbarView
        user={user}
        loggingOut={loggingOut}
        onLogout={signOut}
        menu={menu}
        lists={lists}
        userMenu={
          user && <UserMenu username={user.username} loggingOut={loggingOut} onLogout={signOut} />
        }
      />
      {dialog}
      {user && <OfflineBanner />}
    </>
  );
}
