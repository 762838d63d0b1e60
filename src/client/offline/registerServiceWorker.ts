/**
 * Registers the service worker (built by vite-plugin-pwa, see serviceWorkerConfig.ts) and lets a
 * new release take over only when the app is ready for it: a waiting worker is told to activate
 * once whenReadyToUpdate() resolves (nothing left to send to the server), and the page then reloads
 * once, so it runs the code that worker precached. Loaded lazily, after the first render.
 */
import { Workbox } from 'workbox-window';
import { whenReadyToUpdate } from './updateGate';

export interface Registration {
  workbox: Workbox;
  /** Settles once the browser has the registration (or has refused it). */
  registered: Promise<unknown>;
}

export function registerServiceWorker(
  scriptUrl = '/sw.js',
  reload: () => void = () => window.location.reload(),
): Registration {
  const workbox = new Workbox(scriptUrl, { scope: '/' });
  let reloading = false;
  // Only an update reloads: the very first worker takes control of this page (clientsClaim) quietly.
  workbox.addEventListener('controlling', (event) => {
    if (!event.isUpdate || reloading) return;
    reloading = true;
    reload();
  });
  workbox.addEventListener('waiting', () => {
    void whenReadyToUpdate().then(() => workbox.messageSkipWaiting());
  });
  // Without a service worker the app still works online: nothing to report to the user.
  return { workbox, registered: workbox.register().catch(() => undefined) };
}
