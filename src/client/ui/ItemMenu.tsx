/** The "⋮" menu of a drawer entry (a project, a label) or a list's row: its actions, a destructive one in red. */
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

export interface ItemMenuAction {
  label: string;
  run(): void;
  danger?: boolean;
}

/**
 * `buttonLabel` names the button for screen readers ("More actions for Work"); `color` is the
 * button's (inherit in the drawer, default on a list's row).
 */
export function ItemMenu({
  buttonLabel,
  items,
  color = 'inherit',
}: {
  buttonLabel: string;
  items: ItemMenuAction[];
  color?: 'inherit' | 'default';
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  return (
    <>
      <IconButton
        id={buttonId}
        size="small"
        color={color}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.label}
            onClick={() => {
              setAnchor(null);
              item.run();
            }}
            sx={item.danger ? { color: 'error.main' } : undefined}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
