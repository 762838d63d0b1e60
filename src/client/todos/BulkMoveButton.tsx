/**
 * The selection bar's "Move to…": a menu of the Inbox and the projects not archived, in the user's
 * order; choosing one moves every selected todo there in one bulk call.
 */
import InboxOutlined from '@mui/icons-material/Inbox';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { INBOX_NAME, useProjects } from '../projects';
import { ColorDot } from '../ui/ColorDot';

interface BulkMoveButtonProps {
  busy: boolean;
  onMove(project: number | null, name: string): void;
}

export function BulkMoveButton({ busy, onMove }: BulkMoveButtonProps) {
  const { shown } = useProjects();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (project: number | null, name: string) => {
    setAnchor(null);
    onMove(project, name);
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Move to…
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose(null, INBOX_NAME)}>
          <ListItemIcon>
            <InboxOutlined fontSize="small" />
          </ListItemIcon>
          {INBOX_NAME}
        </MenuItem>
        {shown.map((project) => (
          <MenuItem key={project.id} onClick={() => choose(project.id, project.attributes.name)}>
            <ListItemIcon>
              <ColorDot color={project.attributes.color} />
            </ListItemIcon>
            {project.attributes.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
