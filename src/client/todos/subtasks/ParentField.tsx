/**
 * The todo dialog's Parent field: the todo a subtask belongs to, read-only, with a button that
 * removes it (the todo becomes a top-level one when saved). Shown only for a todo that has a parent
 * when the dialog opens: a parent is given from a row's "Add subtask".
 */
import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';
import type { TodoDialogInput, TodoDialogValues } from '../todoFormSchema';

export const NO_PARENT_TEXT = 'None (a top-level todo)';

export function ParentField({
  control,
  title,
}: {
  control: Control<TodoDialogInput, unknown, TodoDialogValues>;
  /** The parent's title as the dialog opened; undefined: the todo has none, no field. */
  title: string | undefined;
}) {
  const { field } = useController({ control, name: 'parent' });
  if (title === undefined) return null;
  const set = Boolean(field.value);
  return (
    <TextField
      label="Parent"
      value={set ? title : NO_PARENT_TEXT}
      fullWidth
      margin="normal"
      slotProps={{
        htmlInput: { readOnly: true, dir: 'auto' },
        input: {
          endAdornment: set && (
            <InputAdornment position="end">
              <IconButton edge="end" aria-label="Remove parent" onClick={() => field.onChange('')}>
                <Close />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
