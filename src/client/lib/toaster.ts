/**
 * The app's one way to show a toast. notistack and its provider (ToastHost) are not part of the
 * first load: the sign-in pages show no toast until a call answers. The host is fetched when a
 * page says a toast is near (`prepareToasts`, e.g. on a form's submit, so it loads while the call
 * runs) or with the first toast; toasts asked for before it is up wait here and show in order.
 */
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { createWantedFlag } from '../ui/wantedFlag';

export interface ToastHost {
  enqueue(message: SnackbarMessage, options: OptionsObject): SnackbarKey;
  close(key?: SnackbarKey): void;
}

interface Pending {
  message: SnackbarMessage;
  options: OptionsObject & { key: SnackbarKey };
}

let host: ToastHost | undefined;
let pending: Pending[] = [];
let lastKey = 0;
const hostWanted = createWantedFlag();

/** Mounts the toast host (loading its code) if it is not up yet. */
export const prepareToasts = hostWanted.want;

/** For `useSyncExternalStore`: whether the host is wanted. */
export const toastsWanted = hostWanted.isWanted;

export const subscribeToastsWanted = hostWanted.subscribe;

/** Shows a toast (notistack's options: variant, duration, action…) and returns its key. */
export function showToast(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  const key = options.key ?? `toast-${(lastKey += 1)}`;
  if (host) return host.enqueue(message, { ...options, key });
  pending.push({ message, options: { ...options, key } });
  prepareToasts();
  return key;
}

/** Closes one toast, or all of them without a key. */
export function closeToast(key?: SnackbarKey): void {
  if (host) host.close(key);
  else pending = key === undefined ? [] : pending.filter((toast) => toast.options.key !== key);
}

/** Called by the host once it is mounted: waiting toasts show now. Returns the detach function. */
export function attachToastHost(next: ToastHost): () => void {
  host = next;
  const waiting = pending;
  pending = [];
  waiting.forEach(({ message, options }) => next.enqueue(message, options));
  return () => {
    if (host === next) host = undefined;
  };
}
