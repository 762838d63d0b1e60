/**
 * The navigation bar. Signed in: Today (not on a Strapi backend), Todos and the user dropdown (Profile, Logout); signed out:
 * Register and Login. On small screens the same items sit in a collapsible menu behind a toggle.
 * The light/dark toggle stays in the bar at every width.
 */
import CloseIcon from '@mui/icons-material/Close';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import TaskAlt from '@mui/icons-material/TaskAlt';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useColorScheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import type { User } from '../../../shared/api-types';
import { nextMode, shownScheme, SYSTEM_DARK_QUERY, toggleLabel, type Scheme } from '../colorScheme';
import { hasDueDates } from '../../lib/features';
import { activeSx } from './activeSx';
import { MobileMenuPanel } from './MobileMenu';

const BRAND = 'Ticklist';
/** The breakpoint from which the navigation drawer (when the page has one) is a column of its own. */
const DRAWER_FROM = 'lg';
const MOBILE_MENU_ID = 'mobile-navigation';

/** The system's scheme now (MUI tracks it only while the mode is 'system'). */
const systemScheme = (): Scheme =>
  window.matchMedia(SYSTEM_DARK_QUERY).matches ? 'dark' : 'light';

/** The light/dark toggle: an icon button named after what it does; MUI stores the choice. */
function ColorSchemeToggle(props: Omit<IconButtonProps, 'onClick' | 'aria-label'>) {
  const { mode, systemMode, setMode } = useColorScheme();
  const shown = shownScheme(mode, systemMode ?? 'light');
  return (
    <IconButton
      color="inherit"
      {...props}
      aria-label={toggleLabel(shown)}
      onClick={() => setMode(nextMode(mode, systemScheme()))}
    >
      {shown === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}

export interface NavbarViewProps {
  user: User | undefined;
  loggingOut?: boolean;
  onLogout(): void;
  /** The signed-in user's dropdown, last in the wide bar (the narrow menu lists its items). */
  userMenu?: ReactNode;
  /** The narrow menu's open state, when kept by a parent (see Navbar); otherwise the bar keeps it. */
  menu?: [open: boolean, setOpen: Dispatch<SetStateAction<boolean>>];
  /**
   * The navigation drawer's lists (Inbox, the projects), given `close`: the toggle and its menu
   * then stay up to the drawer's breakpoint (lg), below which the drawer is not shown.
   */
  lists?: (close: () => void) => ReactNode;
}

/** The bar itself, driven by props (the gallery renders it in each state). */
export function NavbarView({
  user,
  loggingOut = false,
  onLogout,
  userMenu,
  menu,
  lists,
}: NavbarViewProps) {
  const ownMenu = useState(false);
  const [menuOpen, setMenuOpen] = menu ?? ownMenu;
  const closeMenu = () => setMenuOpen(false);
  const menuUpTo = lists ? DRAWER_FROM : 'md';
  return (
    <ClickAwayListener onClickAway={closeMenu}>
      <AppBar position="static" elevation={1}>
        <Box component="nav" aria-label="Main">
          <Toolbar>
            <Link
              component={RouterLink}
              to="/"
              color="inherit"
              underline="none"
              variant="h6"
              onClick={closeMenu}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, flexGrow: 1 }}
            >
              <TaskAlt aria-hidden="true" />
              {BRAND}
            </Link>
            <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
              {user ? (
                <>
                  {hasDueDates() && (
                    // Where the navigation drawer shows (it lists Today), the bar leaves it out.
                    <Box
                      sx={{
                        display: lists ? { xs: 'contents', [DRAWER_FROM]: 'none' } : 'contents',
                      }}
                    >
                      <Button color="inherit" component={NavLink} sx={activeSx} to="/today">
                        Today
                      </Button>
                    </Box>
                  )}
                  <Button color="inherit" component={NavLink} sx={activeSx} to="/todos">
                    Todos
                  </Button>
                  {userMenu}
                </>
              ) : (
                <>
                  <Button color="inherit" component={NavLink} sx={activeSx} to="/register">
                    Register
                  </Button>
                  <Button color="inherit" component={NavLink} sx={activeSx} to="/login">
                    Login
                  </Button>
                </>
              )}
            </Box>
            <ColorSchemeToggle sx={{ ml: 1 }} />
            <IconButton
              color="inherit"
              edge="end"
              aria-label={menuOpen ? 'Close navigation menu' : 'Open navigation menu'}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              onClick={() => setMenuOpen((open) => !open)}
              sx={{ display: { xs: 'inline-flex', [menuUpTo]: 'none' } }}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </IconButton>
          </Toolbar>
          <MobileMenuPanel
            id={MOBILE_MENU_ID}
            open={menuOpen}
            user={user}
            loggingOut={loggingOut}
            onLogout={onLogout}
            onNavigate={closeMenu}
            hideFrom={menuUpTo}
            lists={lists?.(closeMenu)}
          />
        </Box>
      </AppBar>
    </ClickAwayListener>
  );
}
