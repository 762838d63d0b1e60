/** Providers: MUI theme, toasts, session actor, Redux store, router. */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { api, type ApiExtra } from './app/api';
import { toastComponents, TOAST_DURATION_MS, TOAST_LIMIT } from './app/layout/toasts';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { themeProviderProps } from './app/theme';
import { SessionProvider, useSessionActor } from './session/SessionProvider';

type AppRouter = ReturnType<typeof createAppRouter>;

function StoreAndRouter({ extra, router }: { extra: ApiExtra; router: AppRouter }) {
  const store = useMemo(() => createAppStore(extra), [extra]);
  const session = useSessionActor();
  // Nothing cached for one session may reach the next. Reset when a session starts and at logout;
  // not on expiry, where the page that saw it stays up to show its error (a reset would refetch).
  useEffect(() => {
    const reset = () => store.dispatch(api.util.resetApiState());
    const started = session.on('session.started', reset);
    const ended = session.on('session.ended', (event) => event.reason === 'logout' && reset());
    return () => {
      started.unsubscribe();
      ended.unsubscribe();
    };
  }, [session, store]);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider {...themeProviderProps}>
      <CssBaseline enableColorScheme />
      <SnackbarProvider
        maxSnack={TOAST_LIMIT}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={toastComponents}
      >
        <SessionProvider
          navigate={(to) => void router.navigate(to)}
          render={(extra) => <StoreAndRouter extra={extra} router={router} />}
        />
      </SnackbarProvider>
    </ThemeProvider>
  );
}
