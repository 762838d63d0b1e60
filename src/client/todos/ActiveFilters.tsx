/**
 * Above the list, the filters a link or a drawer entry set that the controls do not show in full:
 * the label (`?label=`) and the priority (`?priority=`), each a chip that says it and removes it
 * (a click, its ✕, or Enter, Backspace or Delete on the focused chip). Its name is what it shows;
 * what pressing it does is its description (the title, also the mouse's tooltip).
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useLabels } from '../labels';
import { ColorDot } from '../ui/ColorDot';
import { PRIORITY_NAMES } from '../ui/priorityNames';
import type { TodoView } from './view';

interface ActiveFiltersProps {
  view: TodoView;
  onChange(change: Partial<TodoView>): void;
}

export function ActiveFilters({ view, onChange }: ActiveFiltersProps) {
  const { byId, isSuccess } = useLabels({ skip: view.label === null });
  const label = view.label === null ? undefined : byId.get(view.label);
  // A link to a label since deleted (or not the user's) lists nothing: the chip says why.
  const labelName = label?.attributes.name ?? (isSuccess ? 'unknown' : '…');
  const chips = [
    ...(view.label === null
      ? []
      : [
          {
            key: 'label',
            text: `Label: ${labelName}`,
            icon: label && <ColorDot color={label.attributes.color} />,
            remove: () => onChange({ label: null }),
          },
        ]),
    ...(view.priority === 'all'
      ? []
      : [
          {
            key: 'priority',
            text: `Priority: ${PRIORITY_NAMES[view.priority]}`,
            icon: undefined,
            remove: () => onChange({ priority: 'all' }),
          },
        ]),
  ];
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          label={chip.text}
          icon={chip.icon ?? undefined}
          onClick={chip.remove}
          onDelete={chip.remove}
          title="Remove this filter"
          data-testid={`filter-${chip.key}`}
          sx={{ maxWidth: '100%', '& .MuiChip-icon': { ml: 1 } }}
        />
      ))}
    </Stack>
  );
}
