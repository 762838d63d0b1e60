/** Registration: email, username and password; on success the machine toasts and goes to /login. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { registerSchema, type RegisterForm } from '../../shared/schemas';
import type { FieldMessages } from './authApi';
import { SubmitButton } from '../ui/SubmitButton';
import { AuthCard } from '../ui/AuthCard';
import { FormTextField } from '../ui/FormTextField';
import { useSessionActor, useSessionSelector } from './SessionProvider';
import { isRegistered, isRegistering, selectRegistrationErrors } from './sessionView';
import { useAuthForm } from './useAuthForm';

export interface RegisterViewProps {
  submitting: boolean;
  /** Registered and waiting for the redirect: a second submit would only be refused. */
  registered?: boolean;
  onSubmit(form: RegisterForm): void;
  /** For the gallery: start with these values, validated at once. */
  initialValues?: Partial<RegisterForm>;
  /** What the server refused in the last submit, by field (e.g. a too common password). */
  serverErrors?: FieldMessages;
}

const resolver = valibotResolver(registerSchema);

export function RegisterView({
  submitting,
  registered = false,
  onSubmit,
  initialValues,
  serverErrors,
}: RegisterViewProps) {
  const { control, handleSubmit } = useAuthForm({
    resolver,
    emptyValues: { email: '', username: '', password: '' },
    initialValues,
    serverErrors,
  });
  return (
    <AuthCard
      title="Register to get access!"
      switchText="Already have an account?"
      switchTo="/login"
    >
      <form noValidate aria-label="Register" onSubmit={handleSubmit((values) => onSubmit(values))}>
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          control={control}
          name="email"
        />
        <FormTextField label="Username" autoComplete="username" control={control} name="username" />
        <FormTextField
          label="Password"
          type="password"
          autoComplete="new-password"
          control={control}
          name="password"
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
  const session = useSessionActor();
  const submitting = useSessionSelector(isRegistering);
  const registered = useSessionSelector(isRegistered);
  const serverErrors = useSessionSelector(selectRegistrationErrors);
  return (
    <RegisterView
      submitting={submitting}
      registered={registered}
      serverErrors={serverErrors}
      onSubmit={(form) => session.send({ type: 'session.register', form })}
    />
  );
}
