/** One numbered todo: completion checkbox, title, badge, Edit and Delete, description and dates. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TodoEntity } from '../../shared/api-types';
import { TimeAgo } from '../ui/TimeAgo';
import { Description } from './Description';
import { changeErrorMessage } from './messages';
import { useSetTodoCompletedMutation } from './todosApi';
import { useToasts } from './useToasts';
import { StatusBadge } from '../ui/StatusBadge';

export interface TodoRowProps {
  todo: TodoEntity;
  number: number;
  onEdit(todo: TodoEntity): void;
  onDelete(todo: TodoEntity): void;
  /** Ticked for a bulk action; without `onSelect` the row has no selection box (Strapi backend). */
  selected?: boolean;
  onSelect?(todo: TodoEntity, selected: boolean): void;
}

export function TodoRow({ todo, number, onEdit, onDelete, selected = false, onSelect }: TodoRowProps) {
  const { title, description, completed, createdAt, updatedAt } = todo.attributes;
  const [setCompleted] = useSetTodoCompletedMutation();
  const toasts = useToasts();

  const toggle = async (next: boolean) => {
    try {
      await setCompleted({ id: todo.id, completed: next }).unwrap();
      toasts.settle('complete');
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'complete'); // the mutation undoes the optimistic tick itself
    }
  };

  return (
    <Paper component="li" variant="outlined" data-testid="todo-row" sx={{ px: 2, py: 1, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
          {onSelect && (
            <Checkbox
              checked={selected}
              onChange={(event) => onSelect(todo, event.target.checked)}
              slotProps={{ input: { 'aria-label': `Select ${title}` } }}
              sx={{ p: 0.5 }}
            />
          )}
          <Typography component="span" sx={{ fontWeight: 700, minWidth: '2.5ch' }} data-testid="todo-number">
            {number}.
          </Typography>
          <Checkbox
            checked={completed}
            onChange={(event) => void toggle(event.target.checked)}
            slotProps={{ input: { 'aria-label': `Mark ${title} as completed` } }}
            sx={{ p: 0.5 }}
          />
          <Typography
            component="h2"
            variant="subtitle1"
            dir="auto"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0, textDecoration: completed ? 'line-through' : 'none' }}
          >
            {title}
          </Typography>
          <StatusBadge completed={completed} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexShrink: 0 }}>
          <Button size="small" variant="outlined" aria-label={`Edit ${title}`} onClick={() => onEdit(todo)}>
            Edit
          </Button>
          <Button size="small" variant="outlined" color="error" aria-label={`Delete ${title}`} onClick={() => onDelete(todo)}>
            Delete
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ mt: 0.5, pl: { sm: '4.5ch' } }}>
        {description ? <Description text={description} /> : null}
        {/* One line of metadata: relative dates, the full date in each one's tooltip. */}
        <Typography variant="caption" color="text.secondary" component="p" data-testid="todo-dates">
          Created at: <TimeAgo value={createdAt} /> · Updated at: <TimeAgo value={updatedAt} />
        </Typography>
      </Box>
    </Paper>
  );
}

export const SKELETON_ROWS = 5;

/** What the list shows while it loads: five placeholder rows. */
export function TodoRowSkeletons() {
  return (
    <Stack component="ul" spacing={1.5} aria-busy="true" sx={{ p: 0, m: 0 }}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Paper key={index} component="li" variant="outlined" data-testid="todo-skeleton" sx={{ p: 2, listStyle: 'none' }}>
          <Skeleton variant="text" width="60%" height={28} />
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="30%" />
        </Paper>
      ))}
    </Stack>
  );
}
