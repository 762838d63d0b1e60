/**
 * The project and label dialogs' colour: a radio group of swatches, each named (the name is what a screen
 * reader says and the tooltip shows). Arrow keys move between them, as in any radio group.
 */
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { COLOR_CHOICES, colorName } from './colors';

function Swatch({ color, checked }: { color: string; checked: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        width: 24,
        height: 24,
        borderRadius: '50%',
        bgcolor: color,
        boxShadow: (theme) =>
          checked
            ? `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.text.primary}`
            : `0 0 0 1px ${theme.palette.divider}`,
      }}
    />
  );
}

export function ColorChoices({
  value,
  onChange,
}: {
  value: string;
  onChange(color: string): void;
}) {
  const labelId = useId();
  const known = COLOR_CHOICES.some((color) => color.value === value);
  const choices = known ? COLOR_CHOICES : [...COLOR_CHOICES, { value, name: colorName(value) }];
  return (
    <FormControl margin="normal" fullWidth>
      <FormLabel id={labelId}>Colour</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((color) => (
          <Tooltip key={color.value} title={color.name}>
            <Radio
              value={color.value}
              slotProps={{ input: { 'aria-label': color.name } }}
              icon={<Swatch color={color.value} checked={false} />}
              checkedIcon={<Swatch color={color.value} checked />}
            />
          </Tooltip>
        ))}
      </RadioGroup>
    </FormControl>
  );
}
