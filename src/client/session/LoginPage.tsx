/** Login: email and password; the session machine makes the call, toasts and redirects. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_PATHS } from '../../shared/routes';
import { loginSchema, type LoginForm } from '../../shared/schemas';
import { SubmitButton } from '../ui/SubmitButton';
import { AuthCard } from '../ui/AuthCard';
import { FormTextField } from '../ui/FormTextField';
import { useSessionActor, useSessionSelector } from './SessionProvider';
import { isLoggingIn } from './sessionView';
import { useAuthForm } from './useAuthForm';

export interface LoginViewProps {
  submitting: boolean;
  onSubmit(credentials: LoginForm): void;
  /** For the gallery: start with these values, validated at once. */
  initialValues?: Partial<LoginForm>;
}

const resolver = valibotResolver(loginSchema);

export function LoginView({ submitting, onSubmit, initialValues }: LoginViewProps) {
  const { control, handleSubmit } = useAuthForm({
    resolver,
    emptyValues: { identifier: '', password: '' },
    initialValues,
  });
  return (
    <AuthCard title="Login to get access!" switchText="Don't have an account?" switchTo="/register">
      <form noValidate aria-label="Login" onSubmit={handleSubmit((values) => onSubmit(values))}>
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          control={control}
          name="identifier"
        />
        <FormTextField
          label="Password"
          type="password"
          autoComplete="current-password"
          control={control}
          name="password"
        />
        <Typography variant="body2" sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to={PAGE_PATHS.forgotPassword}>
            Forgot password?
          </Link>
        </Typography>
        <SubmitButton loading={submitting} fullWidth size="large" sx={{ mt: 2 }}>
          Login
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

export default function LoginPage() {
  const session = useSessionActor();
  const submitting = useSessionSelector(isLoggingIn);
  return (
    <LoginView
      submitting={submitting}
      onSubmit={(credentials) => session.send({ type: 'session.login', credentials })}
    />
  );
}
