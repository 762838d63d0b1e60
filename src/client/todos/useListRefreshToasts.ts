/**
 * A list on screen whose refresh fails (focus, reconnect, a change elsewhere) stays on screen: the
 * failure is an error toast with a Retry button, closed again once a later load succeeds.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { listErrorDetails } from '../lib/messages';
import { toasts } from '../lib/toasts';

export function useListRefreshToasts(
  error: FetchBaseQueryError | SerializedError | undefined,
  shown: boolean,
  loadedAt: number | undefined,
  retry: () => void,
): void {
  // Only a new failure toasts; a new retry function alone does not.
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const failure = shown ? error : undefined;
  useEffect(() => {
    if (failure)
      toasts.error(listErrorDetails(failure).message, 'list', {
        label: 'Retry',
        onClick: () => retryRef.current(),
      });
  }, [failure]);
  useEffect(() => {
    if (loadedAt !== undefined) toasts.settle('list');
  }, [loadedAt]);
}
