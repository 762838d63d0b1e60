/** The small-screen menu: the same items as the bar, stacked. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { SxProps, Theme } from '@mui/material/styles';
import { NavLink } from 'react-router-dom';
import type { User } from '../../../shared/api-types';

/**
 * NavLink marks the current page's link `.active` (and `aria-current="page"`) with an underline
 * and a shade: darker on the light theme's blue bar (a lighter blue would drop white text below
 * 4.5:1), lighter on the dark theme's grey one.
 */
export const activeSx: SxProps<Theme> = (theme) => ({
  '&.active': {
    bgcolor: 'rgba(0, 0, 0, 0.24)',
    boxShadow: 'inset 0 -2px 0 currentColor',
    ...theme.applyStyles('dark', { bgcolor: 'rgba(255, 255, 255, 0.12)' }),
  },
});

export interface MobileMenuProps {
  user: User | undefined;
  loggingOut: boolean;
  onLogout(): void;
  onNavigate(): void;
}

export function MobileMenu({ user, loggingOut, onLogout, onNavigate }: MobileMenuProps) {
  // Each link or button sits in its own <li>: a list holds only list items.
  const item = (to: string, label: string) => (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={to} onClick={onNavigate} sx={activeSx}>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
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
        <ListSubheader sx={{ bgcolor: 'transparent', color: 'inherit', fontWeight: 700 }}>
          {user.username}
        </ListSubheader>
      }
    >
      {item('/todos', 'Todos')}
      {item('/profile', 'Profile')}
      <ListItem disablePadding>
        <ListItemButton
          disabled={loggingOut}
          onClick={() => {
            onNavigate();
            onLogout();
          }}
        >
          <ListItemText primary="Logout" />
        </ListItemButton>
      </ListItem>
    </List>
  );
}
