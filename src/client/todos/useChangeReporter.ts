/** How an add, edit or delete went, said in a toast: the dialogs' and quick add's one voice. */
import {
  changeErrorMessage,
  refusedField,
  isSuccessStatus,
  ODD_STATUS_MESSAGES,
  QUEUED_MESSAGES,
  SUCCESS_MESSAGES,
  type Change,
} from '../lib/messages';
import { toasts } from '../lib/toasts';
import type { ChangeOutcome } from './todosApi';

/** Shows a server's refusal under the form field it names; false when the form has no such field. */
export type ShowFieldError = (field: string, message: string) => boolean;

/**
 * Runs a change and says how it went; true when it went through (the dialog may close). A refusal
 * that names a field the form shows goes under that field instead of into a toast.
 */
export function useChangeReporter(change: Change) {
  return async (
    run: () => Promise<ChangeOutcome>,
    showFieldError?: ShowFieldError,
  ): Promise<boolean> => {
    try {
      const outcome = await run();
      if (outcome.queued) toasts.success(QUEUED_MESSAGES[change], change);
      else if (isSuccessStatus(outcome.status)) toasts.success(SUCCESS_MESSAGES[change], change);
      else toasts.error(ODD_STATUS_MESSAGES[change], change);
      return true;
    } catch (error) {
      const refused = refusedField(error);
      if (refused && showFieldError?.(refused.field, refused.message)) return false;
      toasts.error(changeErrorMessage(error), change);
      return false;
    }
  };
}
