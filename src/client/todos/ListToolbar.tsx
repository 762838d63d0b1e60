/**
 * Above the rows: "Select", which enters selection mode (the bulk bar then takes its place), and
 * "Hide completed", a choice kept per user. Focus follows the mode: into the bar's "Select all"
 * when it opens, back to "Select" when it closes, so it is never left on the page's body.
 */
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, type ComponentProps } from 'react';
import { BulkBar } from './BulkBar';

type BulkProps = Omit<ComponentProps<typeof BulkBar>, 'onDone' | 'selectAllRef'>;

interface ListToolbarProps {
  /** Selection is offered (Ticklist's own server; a Strapi backend has no bulk call). */
  canSelect: boolean;
  selecting: boolean;
  onSelecting(selecting: boolean): void;
  hideCompleted: boolean;
  onHideCompleted(hide: boolean): void;
  bulk: BulkProps;
}

export function ListToolbar({
  canSelect,
  selecting,
  onSelecting,
  hideCompleted,
  onHideCompleted,
  bulk,
}: ListToolbarProps) {
  const selectButton = useRef<HTMLButtonElement>(null);
  const selectAll = useRef<HTMLInputElement>(null);
  const started = useRef(selecting);
  useEffect(() => {
    if (started.current === selecting) return;
    started.current = selecting;
    // Only when the control that had the focus went away with the mode it belonged to.
    if (document.activeElement && document.activeElement !== document.body) return;
    (selecting ? selectAll.current : selectButton.current)?.focus();
  }, [selecting]);

  const hide = (
    <FormControlLabel
      label="Hide completed"
      slotProps={{ typography: { variant: 'body2' } }}
      sx={{ mr: 0, ml: 'auto' }}
      control={
        <Checkbox
          size="small"
          checked={hideCompleted}
          onChange={(event) => onHideCompleted(event.target.checked)}
          sx={{ p: 0.5 }}
        />
      }
    />
  );
  if (canSelect && selecting) {
    return <BulkBar {...bulk} onDone={() => onSelecting(false)} selectAllRef={selectAll} />;
  }
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', minHeight: 40 }}>
      {canSelect && (
        <Button
          ref={selectButton}
          size="small"
          variant="outlined"
          onClick={() => onSelecting(true)}
          disabled={bulk.onPage === 0}
        >
          Select
        </Button>
      )}
      {hide}
    </Stack>
  );
}
