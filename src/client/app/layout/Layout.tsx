/** PLACEHOLDER (issue 3): navbar on top, page in a container, footer at the bottom. */
import Container from '@mui/material/Container';
import { Link, Outlet } from 'react-router-dom';

export function Layout() {
  return (
    <>
      <header>
        <nav aria-label="Main">
          <Link to="/">Ticklist</Link>
        </nav>
      </header>
      <Container component="main" sx={{ py: 3 }}>
        <Outlet />
      </Container>
      <footer />
    </>
  );
}
