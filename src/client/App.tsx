/**
 * Providers: MUI theme, session actor, router, toasts (the Redux store is app/StoreScope.tsx, a
 * route; the toasts' notistack host loads when a toast is near, see app/layout/toaster.ts).
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ToastArea } from './app/layout/ToastArea';
import { createAppRouter } from './app/router';
import { themeProviderProps } from './app/theme';
import { SessionProvider } from './session/SessionProvider';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider {...themeProviderProps}>
      <CssBaseline enableColorScheme />
      <SessionProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </SessionProvider>
      <ToastArea />
    </ThemeProvider>
  );
}
