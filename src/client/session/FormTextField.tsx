/** A MUI text field bound to react-hook-form: red border, `aria-invalid` and the message under it. */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export type FormTextFieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'name'> & {
  registration: UseFormRegisterReturn;
  fieldError: FieldError | undefined;
};

export function FormTextField({ registration, fieldError, ...props }: FormTextFieldProps) {
  const { ref, ...field } = registration;
  return (
    <TextField
      fullWidth
      margin="normal"
      {...props}
      {...field}
      inputRef={ref}
      error={fieldError !== undefined}
      helperText={fieldError?.message}
    />
  );
}
