/** The user dropdown's open menu (Profile, Trash, Logout). */
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { hasTrash } from '../../lib/features';

export interface UserMenuListProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  loggingOut: boolean;
  onClose(): void;
  onLogout(): void;
}

export function UserMenuList({
  id,
  buttonId,
  anchor,
  loggingOut,
  onClose,
  onLogout,
}: UserMenuListProps) {
  return (
    // MUI's Menu closes on an outside click (its backdrop) and on Escape.
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        Profile
      </MenuItem>
      {hasTrash() && (
        <MenuItem component={RouterLink} to="/trash" onClick={onClose}>
          Trash
        </MenuItem>
      )}
      <MenuItem
        disabled={loggingOut}
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        Logout
      </MenuItem>
    </Menu>
  );
}
