/**
 * The small-screen menu: the same items as the bar, stacked, in the panel the navbar's toggle
 * opens.
 */
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { NavLink } from 'react-router-dom';
import type { User } from '../../../shared/api-types';
import { hasDueDates, hasTrash } from '../../lib/features';
import { activeSx } from './activeSx';

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
      {hasDueDates() && item('/today', 'Today')}
      {item('/todos', 'Todos')}
      {item('/profile', 'Profile')}
      {hasTrash() && item('/trash', 'Trash')}
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

export interface MobileMenuPanelProps extends MobileMenuProps {
  id: string;
  open: boolean;
}

/** The collapsible panel around the menu. */
export function MobileMenuPanel({ id, open, ...menu }: MobileMenuPanelProps) {
  return (
    <Collapse in={open} id={id} sx={{ display: { md: 'none' } }} unmountOnExit>
      <MobileMenu {...menu} />
    </Collapse>
  );
}
