/** One trashed todo: its title, when it was deleted, and Restore. */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TrashedTodo } from '../todos';
import { TimeAgo } from '../ui/TimeAgo';

export function TrashRow({
  todo,
  onRestore,
}: {
  todo: TrashedTodo;
  onRestore(todo: TrashedTodo): Promise<unknown>;
}) {
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
    <Paper
      component="li"
      variant="outlined"
      data-testid="trash-row"
      sx={{ px: 2, py: 1.5, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            dir="auto"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Deleted <TimeAgo value={deletedAt} />
          </Typography>
        </Stack>
        <Button
          size="small"
          variant="outlined"
          disabled={restoring}
          aria-label={`Restore ${title}`}
          onClick={() => void restore()}
        >
          Restore
        </Button>
      </Stack>
    </Paper>
  );
}
