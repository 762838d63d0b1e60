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
import { changeErrorMessage } from '../lib/messages';
import { useSetTodoCompletedMutation } from './todosApi';
import { toasts } from '../lib/toasts';
import { StatusBadge } from '../ui/StatusBadge';
import type { SyncState } from './queuedOverlay';
import { SyncChip } from './SyncChip';
import { DueDateLabel } from './DueDateLabel';

interface TodoRowProps {
  todo: TodoEntity;
  /** The row's place in the list; the Today page's rows have none. */
  number?: number;
  onEdit(todo: TodoEntity): void;
  onDelete(todo: TodoEntity): void;
  /** Ticked for a bulk action; without `onSelect` the row has no selection box (Strapi backend). */
  selected?: boolean;
  onSelect?(todo: TodoEntity, selected: boolean): void;
  /** Set while a write to this todo waits in the offline queue. */
  sync?: SyncState;
  /** The reader's today ("YYYY-MM-DD") that due dates are named from. */
  today?: string;
  /** The title's heading level: h3 under the Today page's day headings. */
  titleAs?: 'h2' | 'h3';
}

export function TodoRow({
  todo,
  number,
  onEdit,
  onDelete,
  selected = false,
  onSelect,
  sync,
  today,
  titleAs = 'h2',
}: TodoRowProps) {
  const { title, description, completed, createdAt, updatedAt, dueDate, seriesId } =
    todo.attributes;
  const [setCompleted] = useSetTodoCompletedMutation();

  const toggle = async (next: boolean) => {
    try {
      await setCompleted({ id: todo.id, completed: next }).unwrap();
      toasts.settle('complete');
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'complete'); // the mutation undoes the optimistic tick itself
    }
  };

  return (
    <Box component="li" data-testid="todo-row" sx={rowSx}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ gridArea: 'main', alignItems: 'center', minWidth: 0 }}
      >
        {onSelect && (
          <Checkbox
            size="small"
            checked={selected}
            onChange={(event) => onSelect(todo, event.target.checked)}
            slotProps={{ input: { 'aria-label': `Select ${title}` } }}
            sx={{ p: 0.5 }}
          />
        )}
        {number !== undefined && (
          <Typography
            component="span"
            sx={{ fontWeight: 700, minWidth: '2.5ch' }}
            data-testid="todo-number"
          >
            {number}.
          </Typography>
        )}
        <Checkbox
          size="small"
          checked={completed}
          onChange={(event) => void toggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Mark ${title} as completed` } }}
          sx={{ p: 0.5 }}
        />
        <Typography
          component={titleAs}
          variant="subtitle1"
          dir="auto"
          sx={{
            fontWeight: 600,
            overflowWrap: 'anywhere',
            minWidth: 0,
            textDecoration: completed ? 'line-through' : 'none',
          }}
        >
          {title}
        </Typography>
        <DueDateLabel
          dueDate={dueDate}
          completed={completed}
          recurring={Boolean(seriesId)}
          today={today}
        />
        <StatusBadge completed={completed} />
        {sync && <SyncChip state={sync} />}
      </Stack>
      {description ? (
        <Box sx={{ gridArea: 'desc', pl: { sm: DETAILS_INDENT } }}>
          <Description text={description} />
        </Box>
      ) : null}
      {/* One line of metadata: relative dates, the full date in each one's tooltip. */}
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="todo-dates"
        sx={{ gridArea: 'dates', whiteSpace: 'nowrap', pl: { xs: DETAILS_INDENT_XS, sm: 0 } }}
      >
        Created at: <TimeAgo value={createdAt} /> · Updated at: <TimeAgo value={updatedAt} />
      </Typography>
      <Stack direction="row" spacing={1} sx={{ gridArea: 'actions', justifyContent: 'flex-end' }}>
        <Button
          size="small"
          variant="outlined"
          aria-label={`Edit ${title}`}
          onClick={() => onEdit(todo)}
        >
          Edit
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          aria-label={`Delete ${title}`}
          onClick={() => onDelete(todo)}
        >
          Delete
        </Button>
      </Stack>
    </Box>
  );
}

/** Where the description starts: under the title, past the boxes and the number. */
const DETAILS_INDENT = '11ch';
const DETAILS_INDENT_XS = 0.5;

/**
 * A row is a grid, so that on a wide screen the dates and the buttons share the title's line and
 * ten rows fit on a 1280×800 screen; on a phone the dates and buttons take a line of their own.
 */
const rowSx = {
  listStyle: 'none',
  px: 1,
  py: 0.5,
  display: 'grid',
  columnGap: 2,
  alignItems: 'center',
  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) auto auto' },
  gridTemplateAreas: {
    xs: '"main main" "desc desc" "dates actions"',
    sm: '"main dates actions" "desc desc desc"',
  },
  '& + &': { borderTop: 1, borderColor: 'divider' },
} as const;

const SKELETON_ROWS = 5;

/** What the list shows while it loads: five placeholder rows. */
export function TodoRowSkeletons() {
  return (
    <Paper component="ul" variant="outlined" aria-busy="true" sx={{ p: 0, m: 0 }}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Box
          key={index}
          component="li"
          data-testid="todo-skeleton"
          sx={{ ...rowSx, display: 'block', py: 1 }}
        >
          <Skeleton variant="text" width="60%" height={28} />
          <Skeleton variant="text" width="30%" />
        </Box>
      ))}
    </Paper>
  );
}
