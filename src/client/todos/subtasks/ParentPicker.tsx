/**
 * The edit dialog's Parent for a top-level todo: type to find a todo to put it under (the list's
 * search, twenty at a time; with nothing typed, the first top-level todos and their subtasks).
 * Left empty, the todo stays top-level. Its value is the chosen todo's id, or "".
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useMemo, useState } from 'react';
import { useGetTodosQuery } from '../todosApi';
import { DEFAULT_VIEW } from '../view';
import { parentChoices, type ParentChoice } from './parentChoices';
import { isTreeView } from './subtaskQuery';

export const PARENT_PICKER_HINT = 'Type to find a todo to put this one under';

interface ParentPickerProps {
  /** The todo being edited: never a choice, nor are its subtasks. */
  todoId: number;
  onChange(value: string): void;
  /** What the empty box says (no parent). */
  placeholder: string;
  error?: string;
}

export function ParentPicker({ todoId, onChange, placeholder, error }: ParentPickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ParentChoice | null>(null);
  const deferred = useDeferredValue(search);
  const view = useMemo(
    () => ({ ...DEFAULT_VIEW, pageSize: 20 as const, search: deferred }),
    [deferred],
  );
  const { data, isFetching } = useGetTodosQuery(view);
  const options = useMemo(
    () => (data ? parentChoices(data.todos, isTreeView(view), todoId) : []),
    [data, view, todoId],
  );
  return (
    <Autocomplete<ParentChoice, false, false, false>
      options={options}
      value={chosen}
      loading={isFetching}
      // The server searched already: every option it answered is shown.
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => option.path}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      onChange={(_event, picked) => {
        setChosen(picked);
        onChange(picked ? String(picked.id) : '');
      }}
      onInputChange={(_event, text, reason) => {
        // Picking an option writes its path in the box: that is no search.
        if (reason === 'input' || reason === 'clear') setSearch(text);
      }}
      noOptionsText="No todos found"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Parent"
          margin="normal"
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error ?? PARENT_PICKER_HINT}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, dir: 'auto' },
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
          }}
        />
      )}
    />
  );
}
