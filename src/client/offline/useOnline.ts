import { useSyncExternalStore } from 'react';
import { isOnline, subscribeToNetwork } from './network';

/** Whether the browser thinks it is online, re-rendering when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, isOnline, () => true);
}
