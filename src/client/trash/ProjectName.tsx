/**
 * A trashed todo's project beside its title: the project's colour dot and name (a restore puts the
 * todo back there). Nothing for the Inbox, nor when the trash answer did not say. The name and colour
 * come from the user's projects, so a rename shows at once; a project in the trash (gone from that
 * list) shows as the trash answer gave it.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TodoEntity } from '../../shared/api-types';
import { useProjects } from '../projects';
import { visuallyHiddenSx } from '../ui/visuallyHidden';
import { ColorDot } from '../ui/ColorDot';

export function ProjectName({ todo }: { todo: TodoEntity }) {
  const { byId } = useProjects();
  const populated = todo.attributes.project?.data;
  if (!populated) return null;
  const project = byId.get(populated.id) ?? populated;
  const { name, color } = project.attributes;
  if (name === undefined) return null;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      data-testid="trash-project"
      sx={{ alignItems: 'center', minWidth: 0, maxWidth: '100%' }}
    >
      <ColorDot color={color ?? '#808080'} size={8} />
      <Typography variant="body2" color="text.secondary" dir="auto" noWrap sx={{ minWidth: 0 }}>
        <Box component="span" sx={visuallyHiddenSx}>
          Project:{' '}
        </Box>
        {name}
      </Typography>
    </Stack>
  );
}
