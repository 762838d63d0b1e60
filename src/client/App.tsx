/**
 * Providers: Emotion's style cache, MUI theme, toasts (notistack), router, session actor (the
 * Redux store is app/StoreScope.tsx, a route). The session actor itself is made in main.tsx.
 */
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { ToastHost } from './app/layout/ToastHost';
import { AppRoutes } from './app/router';
import { styleCache } from './app/styleCache';
import { themeProviderProps } from './app/theme';
import type { SessionActorRef } from './session/sessionActor';
import { SessionProvider } from './session/SessionProvider';
import { RouteErrorBoundary } from './ui/RouteErrorPage';

/**
 * The session actor starts before React renders, so it navigates through this: with the router's
 * latest `navigate` once the router is up, with a full page load before.
 */
let routerNavigate: ((to: string) => void) | undefined;

export function navigateInApp(to: string): void {
  if (routerNavigate) routerNavigate(to);
  else window.location.assign(to);
}

function FollowRouter() {
  const navigate = useNavigate();
  useEffect(() => {
    routerNavigate = (to) => void navigate(to);
    return () => {
      routerNavigate = undefined;
    };
  }, [navigate]);
  return null;
}

export function App({ session }: { session: SessionActorRef }) {
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider {...themeProviderProps}>
        <CssBaseline enableColorScheme />
        <BrowserRouter>
          <FollowRouter />
          <SessionProvider actor={session}>
            {/* Errors in the layout itself: the error page alone. */}
            <RouteErrorBoundary>
              <AppRoutes />
            </RouteErrorBoundary>
          </SessionProvider>
        </BrowserRouter>
        <ToastHost />
      </ThemeProvider>
    </CacheProvider>
  );
}
