/**
 * The sign-in forms validate on blur and on submit, never to show themselves: their resolvers
 * (valibot, the schemas) load with the first validation, or earlier once the form is about to be
 * used (`prepareValidation`, on pointer over or focus in the form). A resolver is async anyway.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as AuthResolvers from './authResolvers';

const load = () => import('./authResolvers');

export const prepareValidation = (): void => void load();

export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  pick: (resolvers: typeof AuthResolvers) => Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => pick(await load())(values, context, options);
}
