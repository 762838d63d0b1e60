/**
 * Add or edit a project or a label: a name (the shared rule, the same for both: 1–100 characters
 * once trimmed) and a colour. The server's refusal of a name (one the user already has, in any
 * case) shows under it.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as v from 'valibot';
import {
  DEFAULT_PROJECT_COLOR,
  projectColorField,
  projectNameField,
} from '../../shared/project-schemas';
import { changeErrorMessage } from '../lib/messages';
import { SubmitButton } from './SubmitButton';
import { ColorChoices } from './ColorChoices';

const nameColorSchema = v.object({ name: projectNameField, color: projectColorField });
type NameColorInput = v.InferInput<typeof nameColorSchema>;
export type NameColorValues = v.InferOutput<typeof nameColorSchema>;

interface NameColorDialogProps {
  open: boolean;
  /** "Add project", "Edit label", … */
  title: string;
  submitLabel: string;
  initialValues?: NameColorInput;
  submitting: boolean;
  onClose(): void;
  /** Resolves when saved; a rejection's message shows under the name. */
  onSubmit(values: NameColorValues): Promise<void>;
}

export function NameColorDialog({ open, title, onClose, ...form }: NameColorDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <NameColorForm titleId={titleId} title={title} onClose={onClose} {...form} />
    </Dialog>
  );
}

function NameColorForm({
  titleId,
  title,
  submitLabel,
  initialValues,
  submitting,
  onClose,
  onSubmit,
}: Omit<NameColorDialogProps, 'open'> & { titleId: string }) {
  const { register, control, handleSubmit, setError, formState } = useForm<
    NameColorInput,
    unknown,
    NameColorValues
  >({
    resolver: valibotResolver(nameColorSchema),
    defaultValues: initialValues ?? { name: '', color: DEFAULT_PROJECT_COLOR },
  });
  const submit = async (values: NameColorValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      setError('name', { message: changeErrorMessage(error) }, { shouldFocus: true });
    }
  };
  const nameError = formState.errors.name?.message;
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          {...register('name')}
          label="Name"
          fullWidth
          margin="normal"
          autoFocus
          autoComplete="off"
          error={nameError !== undefined}
          helperText={nameError}
        />
        <Controller
          control={control}
          name="color"
          render={({ field }) => <ColorChoices value={field.value} onChange={field.onChange} />}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <SubmitButton loading={submitting}>{submitLabel}</SubmitButton>
      </DialogActions>
    </form>
  );
}
