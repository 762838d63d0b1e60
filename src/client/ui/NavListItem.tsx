/**
 * A link of the navigation drawer (and the phone menu's lists): an icon or a colour dot, the name,
 * and a count of open todos after it. The current page's link is marked (NavLink's `.active` and
 * `aria-current="page"`).
 */
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { visuallyHiddenSx } from './visuallyHidden';

export const navItemSx: SxProps<Theme> = {
  borderRadius: 1,
  '&.active': { bgcolor: 'action.selected', fontWeight: 700 },
  '&.active .MuiListItemText-primary': { fontWeight: 700 },
};

interface NavListItemProps {
  to: string;
  label: string;
  icon?: ReactNode;
  /** Open todos; left out while unknown. */
  count?: number;
  /**
   * Whether it is the current page, for a link whose query string says which (a label's filtered
   * list): given, it decides; left out, the path does (NavLink).
   */
  active?: boolean;
  onClick?(): void;
  sx?: SxProps<Theme>;
}

export function NavListItem({ to, label, icon, count, active, onClick, sx }: NavListItemProps) {
  const content = (
    <>
      {icon && <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>{icon}</ListItemIcon>}
      <ListItemText
        primary={label}
        // A name cut short by the drawer's width shows whole on hover.
        slotProps={{ primary: { noWrap: true, dir: 'auto', title: label } }}
        sx={{ my: 0 }}
      />
      {count !== undefined && count > 0 && (
        <Box component="span" sx={{ ml: 1, typography: 'body2' }}>
          {count}
          <Box component="span" sx={visuallyHiddenSx}>
            {' '}
            open
          </Box>
        </Box>
      )}
    </>
  );
  const itemSx = [navItemSx, ...(Array.isArray(sx) ? sx : [sx])];
  if (active === undefined) {
    return (
      <ListItemButton component={NavLink} to={to} end onClick={onClick} sx={itemSx}>
        {content}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton
      component={Link}
      to={to}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
      sx={itemSx}
    >
      {content}
    </ListItemButton>
  );
}
