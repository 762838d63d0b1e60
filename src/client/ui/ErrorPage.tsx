/** The generic error page: a large status code, a title, the message, and two ways out. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface ErrorPageProps {
  status?: number | string;
  title?: string;
  message?: string;
}

export function ErrorPage({ status = 500, title = 'Server Error', message }: ErrorPageProps) {
  const statusId = useId();
  const titleId = useId();
  // The status is read out too (not only seen), and names the section with the title.
  return (
    <Box
      component="section"
      aria-labelledby={`${statusId} ${titleId}`}
      sx={{ textAlign: 'center', py: 8 }}
    >
      <Typography
        id={statusId}
        sx={{
          fontSize: { xs: '5rem', sm: '7rem' },
          fontWeight: 700,
          lineHeight: 1,
          color: 'text.secondary',
        }}
      >
        {status}
      </Typography>
      <Typography id={titleId} component="h1" variant="h4" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {message && (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {message}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 4, justifyContent: 'center' }}>
        <Button variant="contained" component={RouterLink} to="/">
          Go to Home
        </Button>
        <Button variant="outlined" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </Box>
    </Box>
  );
}
