/**
 * The first service worker takes control of the page only after the page has read its lists, so
 * those reads went past it and nothing is kept for offline use: an offline reload after a first
 * visit would show no list. When a worker takes control, the reads on screen are made again, now
 * through it, so it keeps their answers (serviceWorkerConfig.ts).
 */
import { useEffect } from 'react';
import { api, type AppDispatch } from '../lib/api';

export function useRefetchWhenControlled(dispatch: AppDispatch): void {
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const refetch = () => void dispatch(api.util.invalidateTags(['Todo', 'Trash', 'Me']));
    container.addEventListener('controllerchange', refetch);
    return () => container.removeEventListener('controllerchange', refetch);
  }, [dispatch]);
}
