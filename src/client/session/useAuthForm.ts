/**
 * What the sign-in and account forms share: validation when a field is left and on submit, the
 * gallery's initial values validated at once, the server's refusals shown under their fields.
 */
import { useEffect } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { FieldMessages } from './authApi';

interface AuthFormOptions<TValues extends FieldValues, TContext, TOutput> {
  resolver: Resolver<TValues, TContext, TOutput>;
  /** Every field's empty value. */
  emptyValues: TValues;
  /** For the gallery: start with these values, validated at once. */
  initialValues?: Partial<TValues>;
  /** What the server refused in the last submit, by field: shown under those fields. */
  serverErrors?: FieldMessages;
}

export function useAuthForm<TValues extends FieldValues, TContext, TOutput>({
  resolver,
  emptyValues,
  initialValues,
  serverErrors,
}: AuthFormOptions<TValues, TContext, TOutput>) {
  const form = useForm<TValues, TContext, TOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...emptyValues, ...initialValues } as DefaultValues<TValues>,
  });
  const { trigger, setError } = form;
  useEffect(() => {
    if (initialValues) void trigger();
  }, [initialValues, trigger]);
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {}))
      if (field in emptyValues && message)
        setError(field as Path<TValues>, { type: 'server', message }, { shouldFocus: true });
    // emptyValues is a fresh literal on every render; its keys never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors, setError]);
  return form;
}
