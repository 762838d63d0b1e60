/**
 * The one way a user signs out on purpose (the user menu's Logout, the profile's "Log out of all
 * devices"). With changes still waiting to be sent it asks first; once the user goes ahead, their
 * offline data leaves the device before the session ends. A session that ends without being asked
 * (expired, ended in another tab or by the server) never comes here: its writes stay for that
 * user. Small on purpose: the navbar is on every page, so the queue and the dialog load apart,
 * once a signed-in page is idle.
 */
import { useState, type ReactNode } from 'react';
import { usePreloadWhenIdle } from '../lib/preload';
import type SignOutDialog from './SignOutDialog';

// One chunk for the queue's two calls and the dialog: one request, and less in every first load.
const loadSignOut = () => import('./SignOutDialog');
type SignOutFlow = Awaited<ReturnType<typeof loadSignOut>>;

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
  const [asked, setAsked] = useState<{
    count: number;
    open: boolean;
    Dialog: typeof SignOutDialog;
  }>();
  // Fetched ahead, as a signed-in page idles: offline, with no service worker, it could not be.
  usePreloadWhenIdle(loadSignOut, userId !== undefined);
  /** Without the chunk (offline, never fetched) the user still signs out; the changes then stay for them. */
  const finish = async (flow: SignOutFlow | undefined) => {
    if (steps.leave && !(await steps.leave())) return;
    if (flow && userId !== undefined) await flow.discardOfflineData(userId);
    steps.end();
  };
  const signOut = async () => {
    const flow = await loadSignOut().catch(() => undefined);
    const count = flow && userId !== undefined ? await flow.unsentChanges(userId) : 0;
    if (flow && count > 0) setAsked({ count, open: true, Dialog: flow.default });
    else await finish(flow);
  };
  const close = () => setAsked((shown) => shown && { ...shown, open: false });
  const dialog = asked && (
    <asked.Dialog
      open={asked.open}
      count={asked.count}
      onCancel={close}
      onConfirm={() => {
        close();
        void loadSignOut().then(finish);
      }}
    />
  );
  return { signOut: () => void signOut(), dialog };
}
