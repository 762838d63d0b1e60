/** The shared layout: navbar on top, the page in a container, footer at the bottom. */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router-dom';
import { ShortcutsHelp } from '../../shortcuts/ShortcutsHelp';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

export function Layout() {
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
        <Outlet />
      </Container>
      <Footer />
      <ShortcutsHelp />
    </Box>
  );
}
