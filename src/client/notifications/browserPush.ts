/**
 * This browser's side of Web Push: whether it can, the permission (asked only from a click), and
 * its subscription through the service worker that shows the notifications (public/push-sw.js).
 */

/** How long to wait for the service worker (registered once the page is idle) before giving up. */
const WORKER_WAIT_MS = 10_000;

export type PushSupport = 'supported' | 'unsupported' | 'blocked';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'supported';
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS)),
  ]);
  if (!registration) throw new Error('The app’s service worker is not running in this browser.');
  return registration;
}

/** This browser's current subscription, if any (without asking for anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for the permission (from a click), then subscribes with the server's key. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error('Notifications were not allowed: the browser’s site settings can allow them.');
  const registration = await workerRegistration();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  return subscription.toJSON();
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A device's name in the list, from the browser's user agent: "Chrome on Android". */
export function deviceName(userAgent: string | null): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent ?? ''))?.[1] ?? 'A browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent ?? ''))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
