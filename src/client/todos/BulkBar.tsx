/**
 * The list's header in selection mode: "Select all N" for every row on this page (indeterminate
 * when some are ticked), and, once rows are ticked, "N selected" with Mark completed, Mark
 * pending (the badges' own words), Move to… (a project or the Inbox), Label… (puts a label on
 * them or takes it off, see BulkLabelButton) and Delete (which asks
 * first, see BulkDeleteDialog). Clear
 * empties the selection; Done (or Escape, see TodosPage) leaves selection mode.
 */
import Button from '@mui/material/Button';
import type { Ref } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BulkLabelButton } from './BulkLabelButton';
import { BulkMoveButton } from './BulkMoveButton';
import { SelectAllBox, selectionBarSx } from './SelectAllBox';
import type { BulkAction } from './trashApi';

interface BulkBarProps {
  selected: number;
  onPage: number;
  busy: boolean;
  onSelectAll(selected: boolean): void;
  onAction(action: Exclude<BulkAction, 'move' | 'label' | 'unlabel'>): void;
  /** Moves the selected todos to a project (null: the Inbox), named in the toast. */
  onMove(project: number | null, name: string): void;
  /** How many of the selected todos have each label, by the label's id. */
  carried: ReadonlyMap<number, number>;
  /** Puts a label on the selected todos (`on`) or takes it off them, named in the toast. */
  onLabel(label: number, name: string, on: boolean): void;
  onClear(): void;
  onDone(): void;
  /** Set to the select-all box, which takes the focus when the mode starts. */
  selectAllRef?: Ref<HTMLInputElement>;
}

export function BulkBar({
  selected,
  onPage,
  busy,
  onSelectAll,
  onAction,
  onMove,
  carried,
  onLabel,
  onClear,
  onDone,
  selectAllRef,
}: BulkBarProps) {
  return (
    <Paper variant="outlined" component="section" aria-label="Bulk actions" sx={selectionBarSx}>
      <SelectAllBox
        selected={selected}
        onPage={onPage}
        onSelectAll={onSelectAll}
        inputRef={selectAllRef}
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
            Mark completed
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => onAction('uncomplete')}
          >
            Mark pending
          </Button>
          <BulkMoveButton busy={busy} onMove={onMove} />
          <BulkLabelButton busy={busy} selected={selected} carried={carried} onLabel={onLabel} />
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
      <Button size="small" onClick={onDone} sx={{ ml: 'auto' }}>
        Done
      </Button>
    </Paper>
  );
}
