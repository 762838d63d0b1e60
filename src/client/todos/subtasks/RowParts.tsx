/**
 * The small parts a row of a list with subtasks shows: the disclosure button that folds its
 * subtasks, the "2/5" count of its direct subtasks, the parent's title in a flat list, and its menu.
 */
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { ItemMenu } from '../../ui/ItemMenu';
import { visuallyHiddenSx } from '../../ui/visuallyHidden';
import type { SubtaskRow } from './subtaskTree';

export function SubtaskDisclosure({
  title,
  expanded,
  onToggle,
}: {
  title: string;
  expanded: boolean;
  onToggle(): void;
}) {
  return (
    <IconButton
      size="small"
      aria-label={`Subtasks of ${title}`}
      aria-expanded={expanded}
      onClick={onToggle}
      sx={{ p: 0.25, flexShrink: 0 }}
    >
      {expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
    </IconButton>
  );
}

/** "2/5": done and total of the direct subtasks; screen readers hear "2/5 subtasks done". */
export function SubtaskProgress({ done, total }: NonNullable<SubtaskRow['progress']>) {
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      data-testid="subtask-progress"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 0.5, whiteSpace: 'nowrap' }}
    >
      {done}/{total}
      <Box component="span" sx={visuallyHiddenSx}>
        {' '}
        subtasks done
      </Box>
    </Typography>
  );
}

/** A subtask listed on its own (a search, a filter) names the todo it belongs to. */
export function ParentContext({ title }: { title: string }) {
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      dir="auto"
      sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
    >
      Subtask of {title}
    </Typography>
  );
}

/** The row's ⋮ menu: Add subtask (a todo already at the deepest level has none to add). */
export function RowMenu({ title, onAddSubtask }: { title: string; onAddSubtask(): void }) {
  return (
    <ItemMenu
      buttonLabel={`More actions for ${title}`}
      items={[{ label: 'Add subtask', run: onAddSubtask }]}
      color="default"
    />
  );
}
