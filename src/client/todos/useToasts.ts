/** Toasts with the spec's durations: 2000 ms for a success, 4000 ms (the provider's default) for an error. */
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

export const SUCCESS_TOAST_MS = 2000;

export function useToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
    }),
    [enqueueSnackbar],
  );
}
