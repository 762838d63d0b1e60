import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, navigateInApp } from './App';
import { clientConfig } from './config';
import { startSession } from './session/sessionActor';

/** True in `npm run dev:mock` only (vite.config.mts): a build replaces it with false and drops the mock. */
declare const __TICKLIST_MOCK_API__: boolean;

function startApp() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // One session actor for the page, started before the first render (see session/sessionActor.ts).
  const session = startSession({ navigate: navigateInApp });
  // As a transition, the first render is done in slices that yield to the browser rather than in one
  // long task: on a slow phone the page stays responsive while it starts (Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App session={session} />
      </StrictMode>,
    ),
  );
}

// The mock API's worker must be answering before the session's first call.
if (__TICKLIST_MOCK_API__)
  void import('./mocks/browser').then(({ startMockApi }) => startMockApi()).then(startApp);
else startApp();

// The service worker (installable app, offline shell, cached lists) registers once the page is
// idle, so its code stays out of the first load; the dev server builds none.
if ('serviceWorker' in navigator && !clientConfig.devTools) {
  const register = () =>
    void import('./offline/registerServiceWorker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 3000 });
  else setTimeout(register, 1000);
}
