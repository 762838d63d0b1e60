/**
 * Above the trash's rows: "Select all N" for the page shown (as in the list's selection bar), how
 * many are ticked, and "Restore selected", which brings them back in one call.
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SelectAllBox, selectionBarSx } from '../todos';

interface TrashSelectionBarProps {
  selected: number;
  onPage: number;
  busy: boolean;
  onSelectAll(selected: boolean): void;
  onRestore(): void;
}

export function TrashSelectionBar({
  selected,
  onPage,
  busy,
  onSelectAll,
  onRestore,
}: TrashSelectionBarProps) {
  return (
    <Paper variant="outlined" component="section" aria-label="Selection" sx={selectionBarSx}>
      <SelectAllBox selected={selected} onPage={onPage} onSelectAll={onSelectAll} />
      <Typography variant="body2" role="status" sx={{ minWidth: '9ch' }}>
        {selected > 0 ? `${selected} selected` : ''}
      </Typography>
      {selected > 0 && (
        <Button size="small" variant="outlined" disabled={busy} onClick={onRestore}>
          Restore selected
        </Button>
      )}
    </Paper>
  );
}
