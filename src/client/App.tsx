/**
 * Providers: Emotion's style cache, MUI theme, router, session actor, toasts (the Redux store is
 * app/StoreScope.tsx, a route; the toasts' notistack host loads when a toast is near, see
 * lib/toaster.ts).
 */
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { ToastArea } from './app/layout/ToastArea';
import { AppRoutes } from './app/router';
import { styleCache } from './app/styleCache';
import { themeProviderProps } from './app/theme';
import { SessionProvider } from './session/SessionProvider';
import { RouteErrorBoundary } from './ui/RouteErrorPage';

/** The session actor navigates with the router's latest `navigate`. */
function SessionAndRoutes() {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  });
  return (
    <SessionProvider navigate={(to) => void latest.current(to)}>
      {/* Errors in the layout itself: the error page alone. */}
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </SessionProvider>
  );
}

export function App() {
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider {...themeProviderProps}>
        <CssBaseline enableColorScheme />
        <BrowserRouter>
          <SessionAndRoutes />
        </BrowserRouter>
        <ToastArea />
      </ThemeProvider>
    </CacheProvider>
  );
}
