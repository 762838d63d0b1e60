/** A project's menu in the drawer: Edit (name and colour), Archive (or Unarchive) and Delete. */
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { ProjectEntity } from '../../shared/api-types';
import { useProjectActions } from './ProjectActions';

export function ProjectItemMenu({ project }: { project: ProjectEntity }) {
  const actions = useProjectActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const { name, archived } = project.attributes;
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        id={buttonId}
        size="small"
        color="inherit"
        aria-label={`More actions for ${name}`}
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
        <MenuItem onClick={run(() => actions.edit(project))}>Edit</MenuItem>
        <MenuItem onClick={run(() => actions.setArchived(project, !archived))}>
          {archived ? 'Unarchive' : 'Archive'}
        </MenuItem>
        <MenuItem onClick={run(() => actions.remove(project))} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}
