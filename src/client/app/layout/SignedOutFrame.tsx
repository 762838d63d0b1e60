/**
 * The login page's frame, in the first load: only a signed-out visitor sees it (RequireAnonymous
 * sends anyone signed in away), so its navbar is the signed-out one.
 */
import { NavbarView } from './NavbarView';
import { PageFrame } from './PageFrame';

const noop = () => {};

export function SignedOutFrame() {
  return <PageFrame navbar={<NavbarView user={undefined} onLogout={noop} />} />;
}
