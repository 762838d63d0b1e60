/**
 * "Create app password": a name for the device, then the password itself, shown this once (the
 * server keeps only its hash), with Copy buttons for it and for the CalDAV URL to type in the app.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { appPasswordCreateDataSchema } from '../../shared/app-password-schemas';
import { useAccountCall } from '../account';
import { toasts } from '../lib/toasts';
import { useAuthForm, useSessionUser } from '../session';
import { FormTextField } from '../ui/FormTextField';
import {
  caldavUrl,
  useCreateAppPasswordMutation,
  type CreatedAppPassword,
} from './appPasswordsApi';

const resolver = valibotResolver(appPasswordCreateDataSchema);

const CREATE_MESSAGES = {
  ask: 'Name the app or device this password is for, e.g. "iPhone" or "Thunderbird".',
  once: 'Type this password in the app now: it is shown only this once. In the app, add a CalDAV account with your username, this password and the CalDAV URL.',
  copied: 'Copied.',
  copyFailed: 'Could not copy: select the text and copy it yourself.',
} as const;

export function CreateAppPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [create, { isLoading }] = useCreateAppPasswordMutation();
  const { run, serverErrors } = useAccountCall();
  const [made, setMade] = useState<CreatedAppPassword | null>(null);
  const { control, handleSubmit, reset } = useAuthForm({
    resolver,
    emptyValues: { name: '' },
    serverErrors,
  });
  const close = () => {
    reset({ name: '' });
    setMade(null);
    onClose();
  };
  const onSubmit = handleSubmit(async ({ name }) => {
    const answer = await run('appPassword', () => create(name).unwrap());
    if (answer) setMade(answer);
  });
  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-app-password" fullWidth>
      <DialogTitle id="create-app-password">
        {made ? `App password for ${made.name}` : 'Create app password'}
      </DialogTitle>
      {made ? (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{CREATE_MESSAGES.once}</DialogContentText>
            <Created password={made.password} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{CREATE_MESSAGES.ask}</DialogContentText>
            <FormTextField label="Name" autoFocus control={control} name="name" />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
            <Button type="submit" variant="contained" loading={isLoading}>
              Create
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

function Created({ password }: { password: string }) {
  const username = useSessionUser()?.username ?? '';
  return (
    <>
      <CopyField label="Username" value={username} />
      <CopyField label="Password" value={password} />
      <CopyField label="CalDAV URL" value={caldavUrl()} />
    </>
  );
}

/** A read-only value with its Copy button (named after the value). */
function CopyField({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.success(CREATE_MESSAGES.copied, 'appPassword');
    } catch {
      toasts.error(CREATE_MESSAGES.copyFailed, 'appPassword');
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
      {/* Multiline, so the whole value shows on a phone: it is typed on another device. */}
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        multiline
        slotProps={{
          input: { sx: { fontFamily: label === 'Password' ? 'monospace' : undefined } },
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            onFocus: (event: React.FocusEvent<HTMLTextAreaElement>) => event.target.select(),
          },
        }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        aria-label={`Copy ${label === 'CalDAV URL' ? label : label.toLowerCase()}`}
        onClick={() => void copy()}
      >
        Copy
      </Button>
    </Stack>
  );
}
