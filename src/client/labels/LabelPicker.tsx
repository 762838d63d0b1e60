/**
 * The todo dialog's Labels: a multiple choice among the user's labels (type to narrow them), or a
 * new name typed and Enter, which makes that label (one of the same name in any case is picked
 * instead). Its value is the chosen labels' ids.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { LabelEntity } from '../../shared/api-types';
import { changeErrorMessage } from '../lib/messages';
import { ColorDot } from '../ui/ColorDot';
import { useAddLabelMutation } from './labelsApi';
import { labelNamed, useLabels } from './useLabels';

export const LABEL_PICKER_HINT = 'Pick labels, or type a new name and press Enter to make one';

interface LabelPickerProps {
  value: number[];
  onChange(ids: number[]): void;
}

export function LabelPicker({ value, onChange }: LabelPickerProps) {
  const { all, byId } = useLabels();
  const [addLabel, adding] = useAddLabelMutation();
  const [error, setError] = useState<string | undefined>();
  const chosen = value.map((id) => byId.get(id)).filter((label) => label !== undefined);

  const change = async (picked: (LabelEntity | string)[]) => {
    setError(undefined);
    const ids: number[] = [];
    for (const item of picked) {
      if (typeof item !== 'string') ids.push(item.id);
      else if (item.trim()) {
        const existing = labelNamed(all, item.trim());
        try {
          ids.push(
            existing ? existing.id : (await addLabel({ name: item.trim() }).unwrap()).label.id,
          );
        } catch (failure) {
          setError(changeErrorMessage(failure));
        }
      }
    }
    onChange([...new Set(ids)]);
  };

  return (
    <Autocomplete<LabelEntity, true, false, true>
      multiple
      freeSolo
      options={all}
      value={chosen}
      loading={adding.isLoading}
      getOptionLabel={(label) => (typeof label === 'string' ? label : label.attributes.name)}
      isOptionEqualToValue={(option, picked) =>
        typeof picked !== 'string' && option.id === picked.id
      }
      onChange={(_event, picked) => void change(picked)}
      renderOption={({ key, ...props }, label) => (
        <li key={key} {...props}>
          <ColorDot color={label.attributes.color} />
          <span dir="auto" style={{ marginLeft: 8 }}>
            {label.attributes.name}
          </span>
        </li>
      )}
      renderValue={(labels, getItemProps) =>
        labels.map((label, index) => {
          const { key, ...props } = getItemProps({ index });
          const name = typeof label === 'string' ? label : label.attributes.name;
          return (
            <Chip
              key={key}
              {...props}
              size="small"
              label={name}
              icon={
                typeof label === 'string' ? undefined : <ColorDot color={label.attributes.color} />
              }
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Labels"
          margin="normal"
          error={error !== undefined}
          helperText={error ?? LABEL_PICKER_HINT}
        />
      )}
    />
  );
}
