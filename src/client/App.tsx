/** Providers: MUI theme, toasts, session actor, router (the Redux store is app/StoreScope.tsx, a route). */
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import {
  toastComponents,
  toastContainerStyles,
  TOAST_CONTAINER_CLASS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
} from './app/layout/toasts';
import { createAppRouter } from './app/router';
import { themeProviderProps } from './app/theme';
import { SessionProvider } from './session/SessionProvider';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider {...themeProviderProps}>
      <CssBaseline enableColorScheme />
      <GlobalStyles styles={toastContainerStyles} />
      <SnackbarProvider
        maxSnack={TOAST_LIMIT}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={toastComponents}
        classes={{ containerAnchorOriginBottomCenter: TOAST_CONTAINER_CLASS }}
      >
        <SessionProvider navigate={(to) => void router.navigate(to)}>
          <RouterProvider router={router} />
        </SessionProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
