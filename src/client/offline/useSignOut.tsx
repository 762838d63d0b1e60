/**
 * The one way a user signs out on purpose (the user menu's Logout, the profile's "Log out of all
 * devices"). With changes still waiting to be sent it asks first; once the user goes ahead, their
 * offline data leaves the device before the session ends. A session that ends without being asked
 * (expired, ended in another tab or by the server) never comes here: its writes stay for that
 * user.
 */
import { useState, type ReactNode } from 'react';
import { SignOutDialog } from './SignOutDialog';
import { discardOfflineData, unsentChanges } from './signOut';

interface SignOutSteps {
  /** The server's part, if any (logging out everywhere): false when it failed, and nothing is discarded. */
  leave?: () => Promise<boolean>;
  /** Ends the session in this tab (a session event). */
  end(): void;
}

interface SignOut {
  signOut(): void;
  /** The question, rendered where the hook is used (a portal: it shows above the page). */
  dialog: ReactNode;
}

export function useSignOut(userId: number | undefined, steps: SignOutSteps): SignOut {
  const [asked, setAsked] = useState<{ count: number; open: boolean }>();
  const finish = async () => {
    if (steps.leave && !(await steps.leave())) return;
    if (userId !== undefined) await discardOfflineData(userId);
    steps.end();
  };
  const signOut = async () => {
    const count = userId !== undefined ? await unsentChanges(userId) : 0;
    if (count > 0) setAsked({ count, open: true });
    else await finish();
  };
  const close = () => setAsked((shown) => shown && { ...shown, open: false });
  const dialog = asked && (
    <SignOutDialog
      open={asked.open}
      count={asked.count}
      onCancel={close}
      onConfirm={() => {
        close();
        void finish();
      }}
    />
  );
  return { signOut: () => void signOut(), dialog };
}
