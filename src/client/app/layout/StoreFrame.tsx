/**
 * The frame of the pages that read server data (inside StoreScope): the navbar and, signed in, the
 * navigation drawer (Inbox, Today, All todos, the projects): permanent left of the page on a wide
 * screen, in the navbar's menu on a narrower one. The project and label dialogs live here, once,
 * for both.
 */
import { LabelActionsProvider } from '../../labels';
import { ProjectActionsProvider } from '../../projects';
import { useSessionUser } from '../../session/SessionProvider';
import { Navbar } from './Navbar';
import { NavDrawer, NavLists } from './NavDrawer';
import { PageFrame } from './PageFrame';

export default function StoreFrame() {
  const signedIn = Boolean(useSessionUser());
  return (
    <ProjectActionsProvider>
      <LabelActionsProvider>
        <PageFrame
          navbar={
            <Navbar
              lists={signedIn ? (close) => <NavLists menu onNavigate={close} /> : undefined}
            />
          }
          drawer={signedIn ? <NavDrawer /> : undefined}
        />
      </LabelActionsProvider>
    </ProjectActionsProvider>
  );
}
