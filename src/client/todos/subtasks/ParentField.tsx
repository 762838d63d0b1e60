/**
 * The todo dialog's Parent field: the todo a subtask belongs to, read-only, with a button that
 * removes it (the todo becomes a top-level one when saved). A top-level todo being edited gets a
 * picker instead (ParentPicker), which puts it under another todo. An add has the field only when
 * "Add subtask" gave it a parent.
 */
import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';
import type { TodoDialogInput, TodoDialogValues } from '../todoFormSchema';
import { ParentPicker } from './ParentPicker';

export const NO_PARENT_TEXT = 'None (a top-level todo)';

export function ParentField({
  control,
  title,
  todoId,
}: {
  control: Control<TodoDialogInput, unknown, TodoDialogValues>;
  /** The parent's title as the dialog opened; undefined: the todo has none. */
  title: string | undefined;
  /** The todo being edited (undefined: an add). */
  todoId: number | undefined;
}) {
  const { field, fieldState } = useController({ control, name: 'parent' });
  if (title === undefined)
    return todoId === undefined ? null : (
      <ParentPicker
        todoId={todoId}
        onChange={field.onChange}
        placeholder={NO_PARENT_TEXT}
        error={fieldState.error?.message}
      />
    );
  const set = Boolean(field.value);
  return (
    <TextField
      label="Parent"
      value={set ? title : NO_PARENT_TEXT}
      fullWidth
      margin="normal"
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
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
