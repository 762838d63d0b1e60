/** Change password: the current one and the new one twice; the answer is a new session for this device. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useDispatch } from 'react-redux';
import { changePasswordFormSchema } from '../../shared/account-schemas';
import { api, type AppDispatch } from '../lib/api';
import { FormTextField } from '../ui/FormTextField';
import { useSessionActor, useAuthForm } from '../session';
import { useChangePasswordMutation } from './accountApi';
import { AccountFormDialog } from './AccountFormDialog';
import { ACCOUNT_MESSAGES } from './messages';
import { toasts } from '../lib/toasts';
import { useAccountCall } from './useAccountCall';

const resolver = valibotResolver(changePasswordFormSchema);
const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const session = useSessionActor();
  const dispatch = useDispatch<AppDispatch>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { run, serverErrors } = useAccountCall();
  const { control, handleSubmit, reset } = useAuthForm({
    resolver,
    emptyValues: EMPTY,
    serverErrors,
  });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    const renewed = await run('password', () => changePassword(values).unwrap());
    if (!renewed) return;
    session.send({ type: 'session.renewed', session: renewed });
    // The server removed the calendar link. Refetched only now: a refetch with the old token
    // would be a 401, which signs the tab out.
    dispatch(api.util.invalidateTags(['CalendarFeed']));
    toasts.success(ACCOUNT_MESSAGES.passwordChanged, 'password');
    close();
  });
  return (
    <AccountFormDialog
      open={open}
      title="Change password"
      explanation="Your other devices will be signed out."
      submitLabel="Change password"
      submitting={isLoading}
      onClose={close}
      onSubmit={onSubmit}
    >
      <FormTextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus
        control={control}
        name="currentPassword"
      />
      <FormTextField
        label="New password"
        type="password"
        autoComplete="new-password"
        control={control}
        name="password"
      />
      <FormTextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        control={control}
        name="passwordConfirmation"
      />
    </AccountFormDialog>
  );
}
