/**
 * The profile's account actions. A stock Strapi backend (VITE_API_FLAVOR=strapi) has the password
 * and confirmation calls only: the others are not offered there.
 */
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import type { User } from '../../shared/api-types';
import { clientConfig } from '../config';
import { useSignOut } from '../offline';
import { useSessionActor } from '../session';
import {
  useExportAccountMutation,
  useImportTodosMutation,
  useLogoutAllMutation,
  useSendEmailConfirmationMutation,
  type ExportFormat,
} from './accountApi';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { downloadText, exportFileName } from './download';
import { ACCOUNT_MESSAGES } from './messages';
import { toasts } from '../lib/toasts';
import { useAccountCall } from './useAccountCall';

export function AccountActions({ user }: { user: User }) {
  const full = clientConfig.apiFlavor !== 'strapi';
  const session = useSessionActor();
  const { run } = useAccountCall();
  const [dialog, setDialog] = useState<'password' | 'delete' | undefined>();
  const [sendConfirmation, confirmation] = useSendEmailConfirmationMutation();
  const [logoutAll, loggingOut] = useLogoutAllMutation();
  const [exportAccount, exporting] = useExportAccountMutation();
  const [importTodos, importing] = useImportTodosMutation();
  const fileInput = useRef<HTMLInputElement>(null);

  const confirm = async () => {
    if (await run('mail', () => sendConfirmation({ email: user.email }).unwrap()))
      toasts.success(ACCOUNT_MESSAGES.confirmationSent(user.email), 'mail');
  };
  const leaveEverywhere = useSignOut(user.id, {
    leave: async () => (await run('account', () => logoutAll().unwrap())) !== undefined,
    end: () =>
      session.send({ type: 'session.closed', message: ACCOUNT_MESSAGES.loggedOutEverywhere }),
  });
  const download = async (format: ExportFormat) => {
    const text = await run('export', () => exportAccount(format).unwrap());
    exporting.reset(); // the text is in the file now; the store need not keep it
    if (text === undefined) return;
    downloadText(text, exportFileName(format), format === 'csv' ? 'text/csv' : 'application/json');
    toasts.success(ACCOUNT_MESSAGES.exported, 'export');
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be picked again
    if (!file) return;
    const answer = await run('import', () => importTodos(file).unwrap());
    if (answer) toasts.success(ACCOUNT_MESSAGES.imported(answer.data.imported), 'import');
  };

  return (
    <section aria-labelledby="account-actions">
      <Divider sx={{ my: 3 }} />
      <Typography id="account-actions" component="h2" variant="h6" sx={{ mb: 2 }}>
        Account
      </Typography>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setDialog('password')}>
          Change password
        </Button>
        {!user.confirmed && (
          <Button
            variant="outlined"
            loading={confirmation.isLoading}
            onClick={() => void confirm()}
          >
            Send confirmation email
          </Button>
        )}
        {full && (
          <>
            <Button
              variant="outlined"
              loading={loggingOut.isLoading}
              onClick={leaveEverywhere.signOut}
            >
              Log out of all devices
            </Button>
            <Button
              variant="outlined"
              loading={exporting.isLoading && exporting.originalArgs === 'json'}
              onClick={() => void download('json')}
            >
              Export JSON
            </Button>
            <Button
              variant="outlined"
              loading={exporting.isLoading && exporting.originalArgs === 'csv'}
              onClick={() => void download('csv')}
            >
              Export CSV
            </Button>
            <Button
              variant="outlined"
              loading={importing.isLoading}
              onClick={() => fileInput.current?.click()}
            >
              Import
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".json,.csv,application/json,text/csv"
              aria-label="Import file"
              onChange={(event) => void upload(event)}
            />
            <Button variant="outlined" color="error" onClick={() => setDialog('delete')}>
              Delete account
            </Button>
          </>
        )}
      </Stack>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(undefined)} />
      {full && (
        <DeleteAccountDialog
          open={dialog === 'delete'}
          email={user.email}
          onClose={() => setDialog(undefined)}
        />
      )}
      {leaveEverywhere.dialog}
    </section>
  );
}
