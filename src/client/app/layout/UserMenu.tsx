/**
 * The signed-in user's dropdown: the stored name as its button, Profile and Logout inside. The
 * menu itself (MUI Menu, Popover, Modal) is loaded when first wanted (pointer over or focus on the
 * button), so pages that never open it, the sign-in pages first of all, do not download it.
 */
import AccountCircle from '@mui/icons-material/AccountCircle';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';

const loadMenuList = () => import('./UserMenuList');
const UserMenuList = lazy(loadMenuList);

interface UserMenuProps {
  username: string;
  loggingOut: boolean;
  onLogout(): void;
}

export function UserMenu({ username, loggingOut, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  const want = () => {
    void loadMenuList();
    setWanted(true);
  };
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
        onPointerEnter={want}
        onFocus={want}
        onClick={(event) => {
          want();
          setAnchor(event.currentTarget);
        }}
        sx={{ textTransform: 'none' }}
      >
        {username}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <UserMenuList
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            loggingOut={loggingOut}
            onClose={() => setAnchor(null)}
            onLogout={onLogout}
          />
        </Suspense>
      )}
    </>
  );
}
