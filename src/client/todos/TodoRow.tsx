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
import { datesSx, DETAILS_INDENT, metaSx, rowSx, titleLineSx } from './rowStyles';

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
