/**
 * What every page sits in: the skip link, a navbar, the page in a container (with the navigation
 * drawer left of it, when the frame has one) and the footer. While a page's code loads the
 * container shows a spinner; a page that fails shows the error page there, so the navbar stays
 * usable.
 */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteErrorBoundary } from '../../ui/RouteErrorPage';
import { Footer } from './Footer';
import { PageFallback } from './PageFallback';

export function PageFrame({ navbar, drawer }: { navbar: ReactNode; drawer?: ReactNode }) {
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
      {navbar}
      <Box sx={{ display: 'flex', flexGrow: 1 }}>
        {drawer}
        <Container
          component="main"
          id="main"
          tabIndex={-1}
          // minWidth 0: beside the drawer, a long unbroken title must not widen the page. Beside
          // it the page starts higher, level with the drawer's first item, to keep the rows'
          // room: the narrower column wraps some rows onto a second line.
          sx={{
            py: 4,
            pt: drawer ? { lg: 2 } : undefined,
            flexGrow: 1,
            minWidth: 0,
            outline: 'none',
          }}
        >
          <RouteErrorBoundary>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </Container>
      </Box>
      <Footer />
    </Box>
  );
}
