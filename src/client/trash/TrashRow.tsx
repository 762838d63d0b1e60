/**
 * One trashed todo, drawn as the list draws its rows (the same grid, type and dividers): a box that
 * picks it for "Restore selected", its title with its project and label chips, when it was deleted,
 * and Restore.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LabelChips } from '../labels';
import { todoRowSx, todoTitleLineSx, type TrashedTodo } from '../todos';
import { TimeAgo } from '../ui/TimeAgo';
import { ProjectName } from './ProjectName';

interface TrashRowProps {
  todo: TrashedTodo;
  selected: boolean;
  onSelect(todo: TrashedTodo, selected: boolean): void;
  onRestore(todo: TrashedTodo): Promise<unknown>;
}

export function TrashRow({ todo, selected, onSelect, onRestore }: TrashRowProps) {
  const { title, deletedAt } = todo.attributes;
  const [restoring, setRestoring] = useState(false);
  const restore = async () => {
    setRestoring(true);
    try {
      await onRestore(todo);
    } finally {
      setRestoring(false);
    }
  };
  return (
    <Box component="li" data-testid="trash-row" sx={todoRowSx}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ gridArea: 'main', alignItems: 'center', minWidth: 0 }}
      >
        <Checkbox
          size="small"
          checked={selected}
          onChange={(event) => onSelect(todo, event.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${title}` } }}
          sx={{ p: 0.5 }}
        />
        {/* The title, then the project and the chips, under it when it is long (as on a list row). */}
        <Box sx={todoTitleLineSx}>
          <Typography
            component="h2"
            variant="subtitle1"
            dir="auto"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {title}
          </Typography>
          <ProjectName todo={todo} />
          <LabelChips todo={todo} />
        </Box>
      </Stack>
      <Stack
        direction="row"
        spacing={2}
        sx={{ gridArea: 'meta', alignItems: 'center', minWidth: 0, pl: { xs: 0.5, lg: 0 } }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ minWidth: 0 }}>
          Deleted <TimeAgo value={deletedAt} />
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={restoring}
          aria-label={`Restore ${title}`}
          onClick={() => void restore()}
          sx={{ ml: 'auto', flexShrink: 0 }}
        >
          Restore
        </Button>
      </Stack>
    </Box>
  );
}
