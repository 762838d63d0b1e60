/**
 * notistack's provider with the app's settings (at most 20 toasts, the spec's durations, bottom
 * centre), mounted once at the root: toasts are shown with notistack's `enqueueSnackbar`.
 */
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider } from 'notistack';
import {
  toastComponents,
  toastContainerStyles,
  TOAST_CONTAINER_CLASS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
} from './toasts';

export function ToastHost() {
  return (
    <>
      <GlobalStyles styles={toastContainerStyles} />
      <SnackbarProvider
        maxSnack={TOAST_LIMIT}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={toastComponents}
        classes={{ containerAnchorOriginBottomCenter: TOAST_CONTAINER_CLASS }}
      />
    </>
  );
}
