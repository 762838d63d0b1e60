/**
 * A small outlined button that opens a menu below it ("Move to…", "Label…" in the selection bar).
 * The menu's items are given `close`, which a choice calls before it acts.
 */
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import { useId, useState, type ReactNode } from 'react';

interface MenuButtonProps {
  label: string;
  disabled?: boolean;
  children(close: () => void): ReactNode;
}

export function MenuButton({ label, disabled, children }: MenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {children(close)}
      </Menu>
    </>
  );
}
