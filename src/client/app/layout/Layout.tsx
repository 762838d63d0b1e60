/**
 * The shared layout: navbar on top (signed in, the offline banner under it), the page in a
 * container, footer at the bottom. While a page's code loads the container shows a spinner; a page
 * that fails shows the error page there, so the navbar stays usable.
 */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionUser } from '../../session/SessionProvider';
import { ShortcutsHelp } from '../../shortcuts/ShortcutsHelp';
import { RouteErrorBoundary } from '../../ui/RouteErrorPage';
import { usePreloadWhenIdle } from '../../lib/preload';
import { loadLoginPage } from '../loadLoginPage';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { PageFallback } from './PageFallback';

export function Layout() {
  const signedIn = Boolean(useSessionUser());
  // Signed in, the next page this tab may have to show without warning is the login page.
  usePreloadWhenIdle(loadLoginPage, signedIn);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <Navbar />
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ py: 4, flexGrow: 1, outline: 'none' }}
      >
        <RouteErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Container>
      <Footer />
      <ShortcutsHelp />
    </Box>
  );
}
