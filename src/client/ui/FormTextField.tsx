/**
 * A MUI text field bound to react-hook-form (its `useController`): red border, `aria-invalid` and
 * the message under it. Built from TextField's own parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) rather than TextField, which also carries Select: the sign-in pages are the
 * first load, and it would add script they never use.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormTextFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}

export function FormTextField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  sx,
}: FormTextFieldProps<TValues, TOutput>) {
  const {
    field: { ref, ...field },
    fieldState: { error: fieldError },
  } = useController({ control, name });
  const id = useId();
  const helperId = `${id}-helper-text`;
  const invalid = fieldError !== undefined;
  const [shown, setShown] = useState(false);
  // A password can be shown while typed: on a phone that is the only way to check it.
  const toggle = type === 'password' && (
    <InputAdornment position="end">
      <IconButton
        edge="end"
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
        onMouseDown={(event) => event.preventDefault()}
      >
        {shown ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={invalid} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type === 'password' && shown ? 'text' : type}
        endAdornment={toggle || undefined}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputRef={ref}
        {...field}
        aria-describedby={invalid ? helperId : undefined}
      />
      {invalid && <FormHelperText id={helperId}>{fieldError.message}</FormHelperText>}
    </FormControl>
  );
}
