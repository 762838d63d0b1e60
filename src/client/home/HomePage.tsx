/**
 * Home: a start page for the signed-in user. It greets them, sums up their todos (counts and the
 * five most recently updated, see Dashboard) and points at the list.
 */
import ChecklistIcon from '@mui/icons-material/Checklist';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSessionUser } from '../session';
import { Dashboard } from './Dashboard';

export function HomeView({ username, children }: { username: string; children?: ReactNode }) {
  return (
    <Box component="section" sx={{ py: { xs: 1, sm: 3 }, maxWidth: 760, mx: 'auto' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center' }}>
        <ChecklistIcon aria-hidden="true" color="primary" sx={{ fontSize: { xs: 36, sm: 48 } }} />
        <Typography
          component="h1"
          variant="h4"
          sx={{
            fontWeight: 600,
            overflowWrap: 'anywhere',
            fontSize: { xs: '1.75rem', sm: '2.125rem' },
          }}
        >
          Welcome, {username}!
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1.5, mb: 4, textAlign: 'center' }}>
        Keep track of what needs doing: add, edit and tick off your todos.
      </Typography>
      {children}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 4, justifyContent: 'center' }}
      >
        <Button variant="contained" size="large" component={RouterLink} to="/todos">
          Go to my todos
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to="/profile">
          View profile
        </Button>
      </Stack>
    </Box>
  );
}

export default function HomePage() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <HomeView username={user.username}>
      <Dashboard />
    </HomeView>
  );
}
