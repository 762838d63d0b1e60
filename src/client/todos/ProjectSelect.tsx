/**
 * The add and edit dialogs' Project select: the Inbox, then the projects not archived in the
 * user's order (and the todo's own project if it is archived, so editing it keeps it there).
 */
import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INBOX_NAME, useProjects } from '../projects';

interface ProjectSelectProps {
  field: UseFormRegisterReturn<'project'>;
  /** The value the form holds now ("" for the Inbox). */
  value: string | undefined;
}

export function ProjectSelect({ field, value }: ProjectSelectProps) {
  const { shown, byId } = useProjects();
  const current = value ? byId.get(Number(value)) : undefined;
  const choices = current && !shown.includes(current) ? [...shown, current] : shown;
  return (
    <TextField
      {...field}
      select
      label="Project"
      fullWidth
      margin="normal"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{INBOX_NAME}</option>
      {choices.map((project) => (
        <option key={project.id} value={String(project.id)}>
          {project.attributes.name}
        </option>
      ))}
    </TextField>
  );
}
