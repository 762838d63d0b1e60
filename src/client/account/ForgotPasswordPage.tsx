/** Forgot password: asks for a reset link, and says the same whatever the email (no enumeration). */
import { valibotResolver } from '@hookform/resolvers/valibot';
import Alert from '@mui/material/Alert';
import { emailFormSchema } from '../../shared/account-schemas';
import { PAGE_PATHS } from '../../shared/routes';
import { AuthCard } from '../ui/AuthCard';
import { FormTextField } from '../ui/FormTextField';
import { useAuthForm } from '../session';
import { SubmitButton } from '../ui/SubmitButton';
import { useForgotPasswordMutation } from './accountApi';
import { ACCOUNT_MESSAGES } from './messages';
import { useAccountCall } from './useAccountCall';

const resolver = valibotResolver(emailFormSchema);

export default function ForgotPasswordPage() {
  const [forgotPassword, { isLoading, isSuccess }] = useForgotPasswordMutation();
  const { run, serverErrors } = useAccountCall();
  const { control, handleSubmit } = useAuthForm({
    resolver,
    emptyValues: { email: '' },
    serverErrors,
  });
  return (
    <AuthCard title="Forgot your password?" switchText="Back to login" switchTo={PAGE_PATHS.login}>
      <form
        noValidate
        aria-label="Forgot password"
        onSubmit={handleSubmit((values) => run('password', () => forgotPassword(values).unwrap()))}
      >
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          control={control}
          name="email"
        />
        {isSuccess && (
          <Alert severity="success" role="status" sx={{ mt: 1 }}>
            {ACCOUNT_MESSAGES.resetLinkSent}
          </Alert>
        )}
        <SubmitButton loading={isLoading} fullWidth size="large" sx={{ mt: 2 }}>
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
