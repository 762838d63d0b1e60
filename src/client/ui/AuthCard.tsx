/** The frame of the login and register screens: a centred card with the page's one h1. */
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface AuthCardProps {
  title: string;
  switchText: string;
  switchTo: string;
  children: ReactNode;
}

export function AuthCard({ title, switchText, switchTo, children }: AuthCardProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 440, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 2.5, sm: 4 } }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, textAlign: 'center' }}>
        {title}
      </Typography>
      {children}
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={switchTo}>
          {switchText}
        </Link>
      </Typography>
    </Paper>
  );
}
