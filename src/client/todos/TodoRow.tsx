/**
 * One numbered todo: a round completion check, title, priority flag, badge, label chips, Edit and Delete,
 * description and dates. In selection mode a square box before it picks it for a bulk action; Shift-, Ctrl- or
 * Cmd-click on the row, or a long press on a phone, enters that mode with this row picked.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode, Ref } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { LabelChips } from '../labels';
import { usePreference } from '../lib/preferences';
import { useSessionUser } from '../session';
import { Moment } from '../ui/Moment';
import { Description } from './Description';
import { changeErrorMessage } from '../lib/messages';
import { useSetTodoCompletedMutation } from './todosApi';
import { toasts } from '../lib/toasts';
import { PriorityFlag } from '../ui/PriorityFlag';
import { StatusBadge } from '../ui/StatusBadge';
import type { SyncState } from './queuedOverlay';
import { SyncChip } from './SyncChip';
import { DueDateLabel } from './DueDateLabel';
import { useLongPress } from './useLongPress';
import { indentOf, type SubtaskSlots } from './subtasks/slots';

interface TodoRowProps {
  todo: TodoEntity;
  /** The row's place in the list; the Today page's rows have none. */
  number?: number;
  onEdit(todo: TodoEntity): void;
  onDelete(todo: TodoEntity): void;
  /** Ticked for a bulk action; without `onSelect` the row has no selection box (Strapi backend). */
  selected?: boolean;
  onSelect?(todo: TodoEntity, selected: boolean): void;
  /** Selection mode: the row shows its selection box. */
  selecting?: boolean;
  /** Set while a write to this todo waits in the offline queue. */
  sync?: SyncState;
  /** The reader's today ("YYYY-MM-DD") that due dates are named from. */
  today?: string;
  /** The title's heading level: h3 under the Today page's day headings, deeper for subtasks. */
  titleAs?: 'h2' | 'h3' | 'h4';
  /** What a list with subtasks adds to the row (subtasks/SubtaskRows.tsx). */
  subtask?: SubtaskSlots;
  /** "Your order": the drag handle first in the row, the row's element and its look while it moves (reorder/SortableTodoRow.tsx). */
  handle?: ReactNode;
  itemRef?: Ref<HTMLLIElement>;
  dragSx?: SxProps<Theme>;
}

/** A click on these does their own thing, never selects the row. */
const CONTROLS = 'button, a, input, label, textarea, select';

export function TodoRow({
  todo,
  number,
  onEdit,
  onDelete,
  selected = false,
  onSelect,
  selecting = false,
  sync,
  today,
  titleAs = 'h2',
  subtask: { indent = 0, lead, extra, menu, onToggle } = {},
  handle,
  itemRef,
  dragSx,
}: TodoRowProps) {
  const { title, description, completed, createdAt, updatedAt, dueDate, seriesId, priority } =
    todo.attributes;
  const [setCompleted] = useSetTodoCompletedMutation();
  const [dates] = usePreference(useSessionUser()?.id, 'dates');
  const longPress = useLongPress(onSelect && (() => onSelect(todo, true)));
  const sx = [rowSx, indent > 0 && { pl: indentOf(indent) }, dragSx ?? false].flat();

  const toggle = async (next: boolean) => {
    try {
      await setCompleted({ id: todo.id, completed: next }).unwrap();
      toasts.settle('complete');
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'complete'); // the mutation undoes the optimistic tick itself
    }
  };

  const click = (event: React.MouseEvent) => {
    if (!onSelect || (event.target as Element).closest(CONTROLS)) return;
    if (event.shiftKey || event.ctrlKey || event.metaKey) onSelect(todo, !selected);
    else if (selecting) onSelect(todo, !selected);
  };

  return (
    <Box component="li" ref={itemRef} data-testid="todo-row" sx={sx} onClick={click} {...longPress}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ gridArea: 'main', alignItems: 'center', minWidth: 0 }}
      >
        {handle}
        {onSelect && selecting && (
          <Checkbox
            size="small"
            checked={selected}
            onChange={(event) => onSelect(todo, event.target.checked)}
            slotProps={{ input: { 'aria-label': `Select ${title}` } }}
            sx={{ p: 0.5 }}
          />
        )}
        {lead}
        {number !== undefined && (
          <Typography
            component="span"
            color="text.secondary"
            sx={{ fontWeight: 500, minWidth: '2.5ch', flexShrink: 0 }}
            data-testid="todo-number"
          >
            {number}.
          </Typography>
        )}
        <Checkbox
          size="small"
          checked={completed}
          onChange={(event) =>
            onToggle ? onToggle(event.target.checked) : void toggle(event.target.checked)
          }
          icon={<RadioButtonUncheckedIcon />}
          checkedIcon={<CheckCircleIcon />}
          color="success"
          slotProps={{ input: { 'aria-label': `Mark ${title} as completed` } }}
          sx={{ p: 0.5 }}
        />
        {/* The flag, due date and badge follow the title, and go under it when it is long. */}
        <Box sx={titleLineSx}>
          <Typography
            component={titleAs}
            variant="subtitle1"
            dir="auto"
            color={completed ? 'text.secondary' : 'text.primary'}
            sx={{
              fontWeight: completed ? 400 : 600,
              overflowWrap: 'anywhere',
              minWidth: 0,
              textDecoration: completed ? 'line-through' : 'none',
            }}
          >
            {title}
          </Typography>
          <PriorityFlag priority={priority} />
          <DueDateLabel
            dueDate={dueDate}
            completed={completed}
            recurring={Boolean(seriesId)}
            today={today}
          />
          <StatusBadge completed={completed} />
          {extra}
          {sync && <SyncChip state={sync} />}
          <LabelChips todo={todo} />
        </Box>
      </Stack>
      {description ? (
        <Box sx={{ gridArea: 'desc', pl: { sm: DETAILS_INDENT } }}>
          <Description text={description} />
        </Box>
      ) : null}
      <Box sx={metaSx}>
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid="todo-dates"
          sx={datesSx}
        >
          <span>
            Created at: <Moment value={createdAt} relative={dates === 'relative'} />
          </span>
          <span className="separator"> · </span>
          <span>
            Updated at: <Moment value={updatedAt} relative={dates === 'relative'} />
          </span>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ ml: 'auto', flexShrink: 0 }}>
          {menu}
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
    </Box>
  );
}

/** Where the description starts: under the title, past the check and the number. */
const DETAILS_INDENT = '8ch';

/**
 * A row is a grid: from lg up the dates (one above the other) and the buttons share the title's line, so twelve rows fit
 * on a 1280×800 screen; narrower, they take a line of their own under the title, and when the
 * dates do not fit beside the buttons the buttons wrap under them rather than being drawn over.
 * The trash's rows use it too.
 */
export const rowSx = {
  listStyle: 'none',
  px: 1,
  py: 0.25,
  display: 'grid',
  columnGap: 2,
  rowGap: 0.25,
  alignItems: 'center',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) auto' },
  gridTemplateAreas: { xs: '"main" "desc" "meta"', lg: '"main meta" "desc desc"' },
  '& + &': { borderTop: 1, borderColor: 'divider' },
} as const;

const titleLineSx = {
  flex: '1 1 auto',
  minWidth: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: 1,
} as const;

/**
 * From lg up the two dates stand one above the other, in lines no taller than the title's, so the
 * title keeps the width and the row its height; narrower, they run on one line under the title.
 */
const datesSx = {
  minWidth: 0,
  overflowWrap: 'anywhere',
  lineHeight: { lg: 1.3 },
  // Narrower, a line breaks between the dates rather than inside one.
  '& > span': { display: { xs: 'inline-block', lg: 'block' }, whiteSpace: { lg: 'nowrap' } },
  '& > .separator': { display: { xs: 'inline', lg: 'none' } },
} as const;

const metaSx = {
  gridArea: 'meta',
  display: 'flex',
  flexWrap: { xs: 'wrap', lg: 'nowrap' },
  alignItems: 'center',
  columnGap: 2,
  rowGap: 0.5,
  minWidth: 0,
  pl: { xs: 0.5, lg: 0 },
} as const;
