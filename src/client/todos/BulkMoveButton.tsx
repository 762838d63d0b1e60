/**
 * The selection bar's "Move to…": a menu of the Inbox and the projects not archived, in the user's
 * order; choosing one moves every selected todo there in one bulk call.
 */
import InboxOutlined from '@mui/icons-material/Inbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { INBOX_NAME, useProjects } from '../projects';
import { ColorDot } from '../ui/ColorDot';
import { MenuButton } from '../ui/MenuButton';

interface BulkMoveButtonProps {
  busy: boolean;
  onMove(project: number | null, name: string): void;
}

export function BulkMoveButton({ busy, onMove }: BulkMoveButtonProps) {
  const { shown } = useProjects();
  return (
    <MenuButton label="Move to…" disabled={busy}>
      {(close) => {
        const choose = (project: number | null, name: string) => {
          close();
          onMove(project, name);
        };
        return [
          <MenuItem key="inbox" onClick={() => choose(null, INBOX_NAME)}>
            <ListItemIcon>
              <InboxOutlined fontSize="small" />
            </ListItemIcon>
            {INBOX_NAME}
          </MenuItem>,
          ...shown.map((project) => (
            <MenuItem key={project.id} onClick={() => choose(project.id, project.attributes.name)}>
              <ListItemIcon>
                <ColorDot color={project.attributes.color} />
              </ListItemIcon>
              {project.attributes.name}
            </MenuItem>
          )),
        ];
      }}
    </MenuButton>
  );
}
