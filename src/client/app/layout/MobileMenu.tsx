/** The small-screen menu: the same items as the bar, stacked. */
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { NavLink } from 'react-router-dom';
import type { User } from '../../../shared/api-types';

export interface MobileMenuProps {
  user: User | undefined;
  loggingOut: boolean;
  onLogout(): void;
  onNavigate(): void;
}

const linkSx = { '&.active': { bgcolor: 'rgba(255, 255, 255, 0.12)' } };

export function MobileMenu({ user, loggingOut, onLogout, onNavigate }: MobileMenuProps) {
  const item = (to: string, label: string) => (
    <ListItemButton component={NavLink} to={to} onClick={onNavigate} sx={linkSx}>
      <ListItemText primary={label} />
    </ListItemButton>
  );
  if (!user) {
    return (
      <List dense sx={{ pb: 1 }}>
        {item('/register', 'Register')}
        {item('/login', 'Login')}
      </List>
    );
  }
  return (
    <List
      dense
      sx={{ pb: 1 }}
      subheader={
        <ListSubheader sx={{ bgcolor: 'transparent', color: 'inherit', opacity: 0.8 }}>
          {user.username}
        </ListSubheader>
      }
    >
      {item('/todos', 'Todos')}
      {item('/profile', 'Profile')}
      <ListItemButton
        disabled={loggingOut}
        onClick={() => {
          onNavigate();
          onLogout();
        }}
      >
        <ListItemText primary="Logout" />
      </ListItemButton>
    </List>
  );
}
