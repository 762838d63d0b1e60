/**
 * The list's header for bulk actions: a checkbox for every row on this page (indeterminate when
 * some are ticked), and, once rows are ticked, "N selected" with Complete, Mark open and Delete.
 * Escape (see TodosPage) or Clear empties the selection.
 */
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BulkAction } from './trashApi';

interface BulkBarProps {
  selected: number;
  onPage: number;
  busy: boolean;
  onSelectAll(selected: boolean): void;
  onAction(action: BulkAction): void;
  onClear(): void;
}

export function BulkBar({ selected, onPage, busy, onSelectAll, onAction, onClear }: BulkBarProps) {
  const all = onPage > 0 && selected === onPage;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Bulk actions"
      sx={{
        px: 1,
        py: 0.25,
        mb: 1,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        minHeight: 40,
      }}
    >
      <Checkbox
        checked={all}
        indeterminate={selected > 0 && !all}
        disabled={onPage === 0}
        onChange={(event) => onSelectAll(event.target.checked)}
        slotProps={{ input: { 'aria-label': 'Select all todos on this page' } }}
        size="small"
        sx={{ p: 0.5 }}
      />
      <Typography variant="body2" role="status" sx={{ minWidth: '9ch' }}>
        {selected > 0 ? `${selected} selected` : ''}
      </Typography>
      {selected > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => onAction('complete')}
          >
            Complete
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => onAction('uncomplete')}
          >
            Mark open
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => onAction('delete')}
          >
            Delete
          </Button>
          <Button size="small" disabled={busy} onClick={onClear}>
            Clear
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
