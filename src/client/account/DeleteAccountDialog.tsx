/** Delete account: names what goes, and asks for the password before anything is removed. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { deleteAccountFormSchema } from '../../shared/account-schemas';
import { discardOfflineData } from '../offline';
import { FormTextField } from '../ui/FormTextField';
import { useSessionActor, useSessionUser, useAuthForm } from '../session';
import { useDeleteAccountMutation } from './accountApi';
import { AccountFormDialog } from './AccountFormDialog';
import { ACCOUNT_MESSAGES } from './messages';
import { useAccountCall } from './useAccountCall';

/** Asked as the spec asks before deleting a todo, then what goes with the account. */
const deleteAccountExplanation = (email: string) =>
  `Are you sure you want to delete this account (${email})? This removes your account, all your todos and everything in your trash, and signs you out on every device. It cannot be undone.`;

const resolver = valibotResolver(deleteAccountFormSchema);

export function DeleteAccountDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  email: string;
  onClose(): void;
}) {
  const session = useSessionActor();
  const userId = useSessionUser()?.id;
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const { run, serverErrors } = useAccountCall();
  const { control, handleSubmit, reset } = useAuthForm({
    resolver,
    emptyValues: { password: '' },
    serverErrors,
  });
  const close = () => {
    reset({ password: '' });
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    if ((await run('account', () => deleteAccount(values).unwrap())) === undefined) return;
    // The account is gone, so its unsent changes can never be sent: they leave the device too.
    if (userId !== undefined) await discardOfflineData(userId);
    session.send({ type: 'session.closed', message: ACCOUNT_MESSAGES.accountDeleted });
  });
  return (
    <AccountFormDialog
      open={open}
      title="Delete this account"
      explanation={deleteAccountExplanation(email)}
      submitLabel="Delete"
      submitColor="error"
      submitting={isLoading}
      onClose={close}
      onSubmit={onSubmit}
    >
      <FormTextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        control={control}
        name="password"
      />
    </AccountFormDialog>
  );
}
