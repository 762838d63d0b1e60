/**
 * A new release's service worker takes over only when nothing is waiting to reach the server:
 * the write queue registers how to wait for that, the service worker registration awaits it.
 */
let waitForIdle: () => Promise<void> = () => Promise.resolve();

export function setUpdateGate(wait: () => Promise<void>): void {
  waitForIdle = wait;
}

export function whenReadyToUpdate(): Promise<void> {
  return waitForIdle();
}
