/**
 * The small-screen menu: the same items as the bar, stacked, in the panel the navbar's toggle
 * opens; signed in on the pages with a navigation drawer, the drawer's lists follow (the Inbox and
 * the projects), as the drawer is not shown at those widths.
 */
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { User } from '../../../shared/api-types';
import { hasDueDates, hasTrash } from '../../lib/features';
import { activeSx } from './activeSx';

export interface MobileMenuProps {
  user: User | undefined;
  loggingOut: boolean;
  onLogout(): void;
  onNavigate(): void;
  /** The navigation drawer's lists (Inbox, the projects), under the menu's own items. */
  lists?: ReactNode;
}

export function MobileMenu({ user, loggingOut, onLogout, onNavigate, lists }: MobileMenuProps) {
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
    <>
      <List
        dense
        // With the lists, the menu is open up to lg: from md the bar itself shows these items.
        sx={{ pb: 1, display: lists ? { md: 'none' } : undefined }}
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
      {lists && <Box sx={{ px: 1, pb: 1 }}>{lists}</Box>}
    </>
  );
}

export interface MobileMenuPanelProps extends MobileMenuProps {
  id: string;
  open: boolean;
  /** The breakpoint from which the bar shows everything and the panel is hidden. */
  hideFrom?: 'md' | 'lg';
}

/** The collapsible panel around the menu. */
export function MobileMenuPanel({ id, open, hideFrom = 'md', ...menu }: MobileMenuPanelProps) {
  return (
    <Collapse in={open} id={id} sx={{ display: { [hideFrom]: 'none' } }} unmountOnExit>
      <MobileMenu {...menu} />
    </Collapse>
  );
}
