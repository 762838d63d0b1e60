/**
 * What the sign-in forms share: validation when a field is left and on submit, the gallery's
 * initial values validated at once, and `prepare`, for when the form is about to be used (pointer
 * over it, focus in it), which starts loading the validation and the submit's code.
 */
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { prepareValidation } from './lazyResolver';

export interface AuthFormOptions<TValues extends FieldValues, TContext, TOutput> {
  resolver: Resolver<TValues, TContext, TOutput>;
  /** Every field's empty value. */
  emptyValues: TValues;
  /** For the gallery: start with these values, validated at once. */
  initialValues?: Partial<TValues>;
  onPrepare?(): void;
}

export function useAuthForm<TValues extends FieldValues, TContext, TOutput>({
  resolver,
  emptyValues,
  initialValues,
  onPrepare,
}: AuthFormOptions<TValues, TContext, TOutput>) {
  const form = useForm<TValues, TContext, TOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...emptyValues, ...initialValues } as DefaultValues<TValues>,
  });
  const { trigger } = form;
  useEffect(() => {
    if (initialValues) void trigger();
  }, [initialValues, trigger]);
  const prepare = () => {
    prepareValidation();
    onPrepare?.();
  };
  return { ...form, prepare };
}
