/** Registration: email, username and password; on success the machine toasts and goes to /login. */
import type { RegisterForm } from '../../shared/schemas';
import type { FieldMessages } from './authApi';
import { prepareToasts } from '../lib/toaster';
import { SubmitButton } from '../ui/SubmitButton';
import { AuthCard } from '../ui/AuthCard';
import { FormTextField } from '../ui/FormTextField';
import { lazyResolver } from './lazyResolver';
import { useSessionHandle, useSessionView } from './SessionProvider';
import { useAuthForm } from './useAuthForm';

export interface RegisterViewProps {
  submitting: boolean;
  /** Registered and waiting for the redirect: a second submit would only be refused. */
  registered?: boolean;
  onSubmit(form: RegisterForm): void;
  /** For the gallery: start with these values, validated at once. */
  initialValues?: Partial<RegisterForm>;
  /** The form is about to be used (pointer over it, focus in it): the submit's code can load. */
  onPrepare?(): void;
  /** What the server refused in the last submit, by field (e.g. a too common password). */
  serverErrors?: FieldMessages;
}

const resolver = lazyResolver((resolvers) => resolvers.registerResolver);

export function RegisterView({
  submitting,
  registered = false,
  onSubmit,
  initialValues,
  onPrepare,
  serverErrors,
}: RegisterViewProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
    prepare,
  } = useAuthForm({
    resolver,
    emptyValues: { email: '', username: '', password: '' },
    initialValues,
    onPrepare,
    serverErrors,
  });
  return (
    <AuthCard
      title="Register to get access!"
      switchText="Already have an account?"
      switchTo="/login"
    >
      <form
        noValidate
        aria-label="Register"
        onPointerEnter={prepare}
        onFocus={prepare}
        onSubmit={handleSubmit((values) => onSubmit(values))}
      >
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          fieldError={errors.email}
        />
        <FormTextField
          label="Username"
          autoComplete="username"
          registration={register('username')}
          fieldError={errors.username}
        />
        <FormTextField
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          fieldError={errors.password}
        />
        <SubmitButton
          loading={submitting}
          disabled={registered}
          fullWidth
          size="large"
          sx={{ mt: 2 }}
        >
          Register
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

export default function RegisterPage() {
  const session = useSessionHandle();
  const submitting = useSessionView((view) => view.registering);
  const registered = useSessionView((view) => view.registered);
  const serverErrors = useSessionView((view) => view.registrationErrors);
  return (
    <RegisterView
      submitting={submitting}
      registered={registered}
      serverErrors={serverErrors}
      onPrepare={session.prepare}
      onSubmit={(form) => {
        prepareToasts(); // the answer comes as a toast: its code loads while the call runs
        session.send({ type: 'session.register', form });
      }}
    />
  );
}
