/** Where toasts appear: the host (notistack) is mounted once a toast is near, see toaster.ts. */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastsWanted, toastsWanted } from '../../lib/toaster';

const ToastHost = lazy(() => import('./ToastHost'));

export function ToastArea() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
