/**
 * Reset password, opened from the mail's link (`?code=`): the new password twice, under the
 * registration rules; the answer is a session, so the user is signed in and sent to /todos. A link
 * already used (or expired) says so at once, before a password is typed (Ticklist's own server).
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import Alert from '@mui/material/Alert';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { resetPasswordFormSchema } from '../../shared/account-schemas';
import { PAGE_PATHS } from '../../shared/routes';
import { api, type AppDispatch } from '../lib/api';
import { AuthCard } from '../ui/AuthCard';
import { FormTextField } from '../ui/FormTextField';
import { useSessionActor, useAuthForm } from '../session';
import { SubmitButton } from '../ui/SubmitButton';
import { canCheckResetLinks } from '../lib/features';
import { useCheckResetCodeQuery, useResetPasswordMutation } from './accountApi';
import { ACCOUNT_MESSAGES } from './messages';
import { toasts } from '../lib/toasts';
import { useAccountCall } from './useAccountCall';

const resolver = valibotResolver(resetPasswordFormSchema);

export default function ResetPasswordPage() {
  const code = useSearchParams()[0].get('code') ?? '';
  const session = useSessionActor();
  const dispatch = useDispatch<AppDispatch>();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  // A failed check (offline, a server error) leaves the form: sending it tells the same thing.
  const check = useCheckResetCodeQuery(code, { skip: !code || !canCheckResetLinks() });
  const usedLink = check.data?.valid === false;
  const { run, serverErrors } = useAccountCall();
  const { control, handleSubmit } = useAuthForm({
    resolver,
    emptyValues: { password: '', passwordConfirmation: '' },
    serverErrors,
  });
  const onSubmit = handleSubmit(async (values) => {
    const renewed = await run('password', () => resetPassword({ code, ...values }).unwrap());
    if (!renewed) return;
    // The session machine goes to /todos once the session is kept: the page's guard needs it first.
    session.send({ type: 'session.renewed', session: renewed, goTo: PAGE_PATHS.todos });
    // The server removed the calendar link; refetched with the new token (the old one is a 401).
    dispatch(api.util.invalidateTags(['CalendarFeed']));
    toasts.success(ACCOUNT_MESSAGES.passwordReset, 'password');
  });
  return (
    <AuthCard
      title="Choose a new password"
      switchText="Ask for a new link"
      switchTo={PAGE_PATHS.forgotPassword}
    >
      {!code || usedLink ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {code ? ACCOUNT_MESSAGES.resetLinkUsed : ACCOUNT_MESSAGES.resetLinkMissing}
        </Alert>
      ) : check.isLoading ? null : (
        <form noValidate aria-label="Reset password" onSubmit={onSubmit}>
          <FormTextField
            label="New password"
            type="password"
            autoComplete="new-password"
            autoFocus
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
          <SubmitButton loading={isLoading} fullWidth size="large" sx={{ mt: 2 }}>
            Reset password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
