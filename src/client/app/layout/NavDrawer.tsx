/**
 * The navigation drawer: Inbox, Today, All todos (/todos) with their open counts, then the
 * projects (see ProjectsNav), and below them the labels (LabelsNav). On a wide screen (DRAWER_FROM and
 * up) it is a column left of the page, its own landmark; narrower, NavLists sits in the navbar's
 * menu, which already lists Today and Todos.
 */
import InboxOutlined from '@mui/icons-material/Inbox';
import ListAlt from '@mui/icons-material/ListAlt';
import TodayOutlined from '@mui/icons-material/Today';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { PAGE_PATHS } from '../../../shared/routes';
import { LabelsNav } from '../../labels';
import { hasDueDates } from '../../lib/features';
import { INBOX_NAME, ProjectsNav, useOpenCounts } from '../../projects';
import { NavListItem } from '../../ui/NavListItem';

/** The breakpoint from which the drawer is a permanent column (below it: the navbar's menu). */
export const DRAWER_FROM = 'lg';
export const DRAWER_WIDTH = 224;
export const ALL_TODOS_LABEL = 'All todos';

interface NavListsProps {
  /** In the navbar's menu: Today and All todos are left out (the menu has Today and Todos). */
  menu?: boolean;
  /** A link was followed (the menu closes). */
  onNavigate?(): void;
}

export function NavLists({ menu = false, onNavigate }: NavListsProps) {
  const counts = useOpenCounts();
  const item = (to: string, label: string, icon: React.ReactNode, count?: number) => (
    <ListItem disablePadding>
      <NavListItem to={to} label={label} icon={icon} count={count} onClick={onNavigate} />
    </ListItem>
  );
  return (
    <>
      <List dense sx={{ pb: 0 }}>
        {item(PAGE_PATHS.inbox, INBOX_NAME, <InboxOutlined fontSize="small" />, counts.inbox)}
        {!menu &&
          hasDueDates() &&
          item(PAGE_PATHS.today, 'Today', <TodayOutlined fontSize="small" />)}
        {!menu && item(PAGE_PATHS.todos, ALL_TODOS_LABEL, <ListAlt fontSize="small" />, counts.all)}
      </List>
      <Divider
        sx={{ my: 1, borderColor: menu ? 'currentColor' : undefined, opacity: menu ? 0.3 : 1 }}
      />
      <ProjectsNav onNavigate={onNavigate} />
      <LabelsNav onNavigate={onNavigate} />
    </>
  );
}

/** The permanent column; hidden below DRAWER_FROM, where the navbar's menu has the lists. */
export function NavDrawer() {
  return (
    <Box
      component="nav"
      aria-label="Lists"
      sx={{
        display: { xs: 'none', [DRAWER_FROM]: 'block' },
        width: DRAWER_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {/* Stays in view while the page scrolls. */}
      <Box sx={{ position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto', px: 1, py: 2 }}>
        <NavLists />
      </Box>
    </Box>
  );
}
