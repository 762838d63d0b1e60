/** Providers: session, Redux store, MUI theme, toasts, router. */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { ApiExtra } from './app/api';
import { router } from './app/router';
import { createAppStore } from './app/store';
import { theme } from './app/theme';
import { SessionProvider } from './session/SessionProvider';

function StoreAndRouter({ extra }: { extra: ApiExtra }) {
  const store = useMemo(() => createAppStore(extra), [extra]);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={20}
        autoHideDuration={4000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <SessionProvider render={(extra) => <StoreAndRouter extra={extra} />} />
      </SnackbarProvider>
    </ThemeProvider>
  );
}
