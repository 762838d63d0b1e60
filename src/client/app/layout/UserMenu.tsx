/** The signed-in user's dropdown: the stored name as its button, Profile and Logout inside. */
import AccountCircle from '@mui/icons-material/AccountCircle';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { UserMenuList } from './UserMenuList';

interface UserMenuProps {
  username: string;
  loggingOut: boolean;
  onLogout(): void;
}

export function UserMenu({ username, loggingOut, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<AccountCircle />}
        endIcon={<KeyboardArrowDown />}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {username}
      </Button>
      <UserMenuList
        id={menuId}
        buttonId={buttonId}
        anchor={anchor}
        loggingOut={loggingOut}
        onClose={() => setAnchor(null)}
        onLogout={onLogout}
      />
    </>
  );
}
