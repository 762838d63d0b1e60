/**
 * "Select all N": ticks every row of the page shown, or none; indeterminate when some are ticked.
 * The list's bulk bar and the trash share it, so both read and behave alike.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Ref } from 'react';

/** The bar that holds the box and its actions, the same above the list and the trash. */
export const selectionBarSx: SxProps<Theme> = {
  px: 1,
  py: 0.25,
  mb: 1,
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: 1,
  minHeight: 40,
};

interface SelectAllBoxProps {
  /** How many rows are ticked. */
  selected: number;
  /** How many rows the page shows. */
  onPage: number;
  onSelectAll(selected: boolean): void;
  inputRef?: Ref<HTMLInputElement>;
}

export function SelectAllBox({ selected, onPage, onSelectAll, inputRef }: SelectAllBoxProps) {
  const all = onPage > 0 && selected === onPage;
  return (
    <FormControlLabel
      label={`Select all ${onPage}`}
      slotProps={{ typography: { variant: 'body2' } }}
      sx={{ ml: 0, mr: 1 }}
      control={
        <Checkbox
          checked={all}
          indeterminate={selected > 0 && !all}
          disabled={onPage === 0}
          onChange={(event) => onSelectAll(event.target.checked)}
          slotProps={{ input: { ref: inputRef } }}
          size="small"
          sx={{ p: 0.5 }}
        />
      }
    />
  );
}
