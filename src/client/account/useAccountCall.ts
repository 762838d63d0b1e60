/**
 * How the account forms run a call: a refusal shows as a toast, and what the server said of each
 * field (a ValidationError's `details.errors`) shows under that field, as registration does.
 */
import { useCallback, useState } from 'react';
import { fieldMessagesOf, type FieldMessages } from '../session';
import { changeErrorMessage, isFetchBaseQueryError } from '../lib/messages';
import { toasts, type ToastKind } from '../lib/toasts';

const NONE: FieldMessages = {};

export function useAccountCall() {
  const [serverErrors, setServerErrors] = useState<FieldMessages>(NONE);
  /** Runs `call`; its result, or undefined once the failure is shown as a toast of this kind. */
  const run = useCallback(
    async <T>(kind: ToastKind, call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch (error) {
        setServerErrors(isFetchBaseQueryError(error) ? fieldMessagesOf(error.data) : NONE);
        toasts.error(changeErrorMessage(error), kind);
        return undefined;
      }
    },
    [],
  );
  return { run, serverErrors };
}
