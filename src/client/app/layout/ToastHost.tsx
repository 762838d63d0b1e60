/**
 * notistack's provider with the app's settings (at most 20 toasts, the spec's durations, bottom
 * centre), attached to the toaster once mounted. Loaded on demand: see toaster.ts.
 */
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost } from '../../lib/toaster';
import {
  toastComponents,
  toastContainerStyles,
  TOAST_CONTAINER_CLASS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
} from './toasts';

function Attach() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(
    () => attachToastHost({ enqueue: enqueueSnackbar, close: closeSnackbar }),
    [enqueueSnackbar, closeSnackbar],
  );
  return null;
}

export default function ToastHost() {
  return (
    <>
      <GlobalStyles styles={toastContainerStyles} />
      <SnackbarProvider
        maxSnack={TOAST_LIMIT}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={toastComponents}
        classes={{ containerAnchorOriginBottomCenter: TOAST_CONTAINER_CLASS }}
      >
        <Attach />
      </SnackbarProvider>
    </>
  );
}
