import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { clientConfig } from './config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (installable app, offline shell, cached lists) registers once the page is
// idle, so its code stays out of the first load; the dev server builds none.
if ('serviceWorker' in navigator && !clientConfig.devTools) {
  const register = () =>
    void import('./offline/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 3000 });
  else setTimeout(register, 1000);
}
