/**
 * Renders routes inside a SessionProvider (with a controllable machine) and a memory router, with
 * the toast provider beside them, as App does.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import type { ApiExtra } from '../../../src/client/lib/api';
import { ToastHost } from '../../../src/client/app/layout/ToastHost';
import { AppRoutes } from '../../../src/client/app/router';
import type { Notify } from '../../../src/client/session/sessionActor';
import { SessionProvider, useApiExtra } from '../../../src/client/session/SessionProvider';
import { testRouter } from '../support/testRouter';
import type { FakeApi } from './fixtures';
import { startFakeSession } from './startFakeSession';

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
  const actor = startFakeSession({ api, navigate, notify });
  let bridge: ApiExtra | undefined;
  const view = render(
    <>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <SessionProvider actor={actor}>
          <CaptureExtra onExtra={(extra) => (bridge = extra)} />
          <AppRoutes routes={routes} />
        </SessionProvider>
      </MemoryRouter>
      <ToastHost />
    </>,
  );
  /** The bridge the RTK Query store gets (bearer token, 401). */
  const extra = (): ApiExtra => {
    if (!bridge) throw new Error('not rendered');
    return bridge;
  };
  return { ...view, actor, router, notify, navigate, extra };
}
