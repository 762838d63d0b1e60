/** Renders todo screens the way the app does: a real store, toasts and (optionally) a router. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastHost } from '../../../../src/client/app/layout/ToastHost';
import { createAppStore } from '../../../../src/client/app/store';
import { testRouter } from '../../support/testRouter';

export function makeStore() {
  return createAppStore({ getToken: () => 'jwt-test', onUnauthorized: () => {} });
}

function Providers({
  store,
  children,
}: {
  store: ReturnType<typeof makeStore>;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      {children}
      <ToastHost />
    </Provider>
  );
}

export function renderWithStore(ui: ReactNode, store = makeStore()) {
  return { store, ...render(<Providers store={store}>{ui}</Providers>) };
}

/** Renders `Component` at `initialEntry` under the route `path` (/todos unless given). */
export function renderRoute(
  Component: React.ComponentType,
  initialEntry: string,
  store = makeStore(),
  path = '/todos',
) {
  const { router, Probe } = testRouter();
  const view = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <Probe />
        <Routes>
          <Route path={path} Component={Component} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { store, router, ...view };
}
