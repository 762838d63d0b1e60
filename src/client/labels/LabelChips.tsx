/**
 * A todo's labels on its row: small chips, each the label's colour and name, wrapping onto more
 * lines rather than widening the row (a long name is cut with an ellipsis). Names and colours come
 * from the user's label list, so a rename shows at once; a label not in it yet (just made
 * elsewhere) shows as the list answer gave it.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TodoEntity } from '../../shared/api-types';
import { ColorDot } from '../ui/ColorDot';
import { labelIdsOf, useLabels } from './useLabels';

export function LabelChips({ todo }: { todo: TodoEntity }) {
  const { byId } = useLabels();
  const ids = labelIdsOf(todo) ?? [];
  const populated = new Map(todo.attributes.labels?.data?.map((label) => [label.id, label]));
  const shown = ids
    .map((id) => byId.get(id) ?? populated.get(id))
    .filter((label) => label?.attributes.name !== undefined);
  if (shown.length === 0) return null;
  return (
    <Box component="ul" aria-label="Labels" sx={listSx}>
      {shown.map((label) => (
        <Box component="li" key={label!.id} sx={{ minWidth: 0, maxWidth: '100%' }}>
          <Chip
            size="small"
            variant="outlined"
            icon={<ColorDot color={label!.attributes.color ?? '#808080'} size={8} />}
            label={<span dir="auto">{label!.attributes.name}</span>}
            sx={{ maxWidth: '100%', height: 22, '& .MuiChip-icon': { ml: 0.75, mr: -0.25 } }}
          />
        </Box>
      ))}
    </Box>
  );
}

const listSx = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 0.5,
  listStyle: 'none',
  m: 0,
  p: 0,
  minWidth: 0,
  maxWidth: '100%',
} as const;
