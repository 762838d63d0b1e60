/** Login: email and password; the session machine makes the call, toasts and redirects. */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_PATHS } from '../../shared/routes';
import type { LoginForm } from '../../shared/schemas';
import { prepareToasts } from '../lib/toaster';
import { SubmitButton } from '../ui/SubmitButton';
import { AuthCard } from '../ui/AuthCard';
import { FormTextField } from '../ui/FormTextField';
import { lazyResolver } from './lazyResolver';
import { useSessionHandle, useSessionView } from './SessionProvider';
import { useAuthForm } from './useAuthForm';

export interface LoginViewProps {
  submitting: boolean;
  onSubmit(credentials: LoginForm): void;
  /** For the gallery: start with these values, validated at once. */
  initialValues?: Partial<LoginForm>;
  /** The form is about to be used (pointer over it, focus in it): the submit's code can load. */
  onPrepare?(): void;
}

const resolver = lazyResolver((resolvers) => resolvers.loginResolver);

export function LoginView({ submitting, onSubmit, initialValues, onPrepare }: LoginViewProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
    prepare,
  } = useAuthForm({
    resolver,
    emptyValues: { identifier: '', password: '' },
    initialValues,
    onPrepare,
  });
  return (
    <AuthCard title="Login to get access!" switchText="Don't have an account?" switchTo="/register">
      <form
        noValidate
        aria-label="Login"
        onPointerEnter={prepare}
        onFocus={prepare}
        onSubmit={handleSubmit((values) => onSubmit(values))}
      >
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('identifier')}
          fieldError={errors.identifier}
        />
        <FormTextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          fieldError={errors.password}
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
  const session = useSessionHandle();
  const submitting = useSessionView((view) => view.loggingIn);
  return (
    <LoginView
      submitting={submitting}
      onPrepare={session.prepare}
      onSubmit={(credentials) => {
        prepareToasts(); // the answer comes as a toast: its code loads while the call runs
        session.send({ type: 'session.login', credentials });
      }}
    />
  );
}
