/**
 * The add and edit dialogs' shared form: title, description, priority, the project, the labels
 * and (not on a Strapi backend) the due date, reminder and repeat controls, checked with the form schema built from
 * the shared rules.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PRIORITIES } from '../../shared/priority';
import { LabelPicker } from '../labels';
import { hasDueDates } from '../lib/features';
import { PRIORITY_NAMES } from '../ui/priorityNames';
import { SubmitButton } from '../ui/SubmitButton';
import { DateFields } from './DateFields';
import { ProjectSelect } from './ProjectSelect';
import { ParentField } from './subtasks/ParentField';
import { todoDialogSchema, type TodoDialogInput, type TodoDialogValues } from './todoFormSchema';
import { NO_DATES } from './todoFormValues';
import type { ShowFieldError } from './useChangeReporter';

export type TodoFormValues = TodoDialogValues;

/**
 * The fields whose refusal by the server shows under them: the Parent picker's (a choice can be
 * refused only there). Others keep the spec's error toast with the server's message.
 */
const FIELDS_WITH_ERRORS = ['parent'] as const;

interface TodoFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialValues?: TodoDialogInput;
  submitting: boolean;
  onClose(): void;
  /** `showFieldError` puts the server's refusal of a field under it. */
  onSubmit(values: TodoFormValues, showFieldError: ShowFieldError): Promise<void> | void;
}

export function TodoFormDialog({
  open,
  title,
  submitLabel,
  initialValues,
  submitting,
  onClose,
  onSubmit,
}: TodoFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {/* The form mounts with the dialog's content, so each opening starts from its initial values. */}
      <TodoFormBody
        titleId={titleId}
        title={title}
        submitLabel={submitLabel}
        initialValues={initialValues}
        submitting={submitting}
        onClose={onClose}
        onSubmit={onSubmit}
      />
    </Dialog>
  );
}

function TodoFormBody({
  titleId,
  title,
  submitLabel,
  initialValues,
  submitting,
  onClose,
  onSubmit,
}: Omit<TodoFormDialogProps, 'open'> & { titleId: string }) {
  const form = useForm<TodoDialogInput, unknown, TodoFormValues>({
    resolver: valibotResolver(todoDialogSchema),
    defaultValues: {
      title: '',
      description: '',
      priority: '0',
      project: '',
      parent: '',
      labels: [],
      ...NO_DATES,
      ...initialValues,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const project = useWatch({ control, name: 'project' });
  const showFieldError: ShowFieldError = (field, message) => {
    const shown = FIELDS_WITH_ERRORS.find((name) => name === field);
    if (shown) setError(shown, { message }, { shouldFocus: true });
    return shown !== undefined;
  };

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, showFieldError))}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          {...register('title')}
          label="Title"
          fullWidth
          margin="normal"
          autoFocus
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
        />
        <TextField
          {...register('description')}
          label="Description"
          fullWidth
          margin="normal"
          multiline
          minRows={3}
          error={Boolean(errors.description)}
          helperText={errors.description?.message}
        />
        <TextField
          {...register('priority')}
          select
          label="Priority"
          fullWidth
          margin="normal"
          error={Boolean(errors.priority)}
          helperText={errors.priority?.message}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_NAMES[priority]}
            </option>
          ))}
        </TextField>
        <ParentField
          control={control}
          title={initialValues?.parentTitle}
          todoId={initialValues?.todoId}
        />
        <ProjectSelect field={register('project')} value={project} />
        <Controller
          control={control}
          name="labels"
          render={({ field }) => (
            <LabelPicker value={field.value ?? []} onChange={field.onChange} />
          )}
        />
        {hasDueDates() && <DateFields control={control} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <SubmitButton loading={submitting}>{submitLabel}</SubmitButton>
      </DialogActions>
    </form>
  );
}
