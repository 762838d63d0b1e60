/** Home: a start page for the signed-in user, greeting them and pointing at their todos. */
import ChecklistIcon from '@mui/icons-material/Checklist';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useSessionUser } from '../session/SessionProvider';

export function HomeView({ username }: { username: string }) {
  return (
    <Box component="section" sx={{ textAlign: 'center', py: { xs: 4, sm: 8 } }}>
      <ChecklistIcon aria-hidden="true" color="primary" sx={{ fontSize: 64 }} />
      <Typography
        component="h1"
        variant="h3"
        sx={{ mt: 2, fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        Welcome, {username}!
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Keep track of what needs doing: add, edit and tick off your todos.
      </Typography>
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
  return user ? <HomeView username={user.username} /> : null;
}
