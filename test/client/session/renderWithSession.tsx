/** Renders routes inside a SessionProvider (with a controllable machine) and a memory router. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { ApiExtra } from '../../../src/client/app/api';
import {
  SessionProvider,
  useApiExtra,
  type Notify,
} from '../../../src/client/session/SessionProvider';
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
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const notify = jest.fn<ReturnType<Notify>, Parameters<Notify>>();
  const navigate = jest.fn((to: string) => void router.navigate(to));
  let bridge: ApiExtra | undefined;
  const view = render(
    <SessionProvider logic={fakeSessionLogic(api)} navigate={navigate} notify={notify}>
      <CaptureExtra onExtra={(extra) => (bridge = extra)} />
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  /** The bridge the RTK Query store gets (bearer token, 401). */
  const extra = (): ApiExtra => {
    if (!bridge) throw new Error('not rendered');
    return bridge;
  };
  return { ...view, router, notify, navigate, extra };
}
