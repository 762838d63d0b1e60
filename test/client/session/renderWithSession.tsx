/** Renders routes inside a SessionProvider (with a controllable machine) and a memory router, as App does. */
import { act, render } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import type { ApiExtra } from '../../../src/client/lib/api';
import { AppRoutes } from '../../../src/client/app/router';
import {
  SessionProvider,
  useApiExtra,
  type Notify,
} from '../../../src/client/session/SessionProvider';
import { testRouter } from '../support/testRouter';
import { fakeSessionLogic, type FakeApi } from './fixtures';

/** Hands the test the bridge the session gives the RTK Query store. */
function CaptureExtra({ onExtra }: { onExtra(extra: ApiExtra): void }) {
  onExtra(useApiExtra());
  return null;
}

export function renderWithSession(
  routes: RouteObject[],
  { path = '/', api = {} }: { path?: string; api?: FakeApi } = {},
) {
  const { router, Probe } = testRouter();
  const notify = jest.fn<ReturnType<Notify>, Parameters<Notify>>();
  const navigate = jest.fn((to: string) => void router.navigate(to));
  let bridge: ApiExtra | undefined;
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      <SessionProvider logic={fakeSessionLogic(api)} navigate={navigate} notify={notify}>
        <CaptureExtra onExtra={(extra) => (bridge = extra)} />
        <AppRoutes routes={routes} />
      </SessionProvider>
    </MemoryRouter>,
  );
  /** The bridge the RTK Query store gets (bearer token, 401). */
  const extra = (): ApiExtra => {
    if (!bridge) throw new Error('not rendered');
    return bridge;
  };
  /**
   * Lets the session actor's host (loaded when a stored session or an event wants it) mount inside
   * act, for a test that ends before anything else waits.
   */
  const settle = () =>
    act(async () => {
      await import('../../../src/client/session/SessionActorHost');
    });
  return { ...view, router, notify, navigate, extra, settle };
}
