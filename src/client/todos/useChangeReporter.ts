/** How an add, edit or delete went, said in a toast: the dialogs' and quick add's one voice. */
import {
  changeErrorMessage,
  isSuccessStatus,
  ODD_STATUS_MESSAGES,
  QUEUED_MESSAGES,
  SUCCESS_MESSAGES,
  type Change,
} from '../lib/messages';
import { toasts } from '../lib/toasts';
import type { ChangeOutcome } from './todosApi';

/** Runs a change and says how it went; true when it went through (the dialog may close). */
export function useChangeReporter(change: Change) {
  return async (run: () => Promise<ChangeOutcome>): Promise<boolean> => {
    try {
      const outcome = await run();
      if (outcome.queued) toasts.success(QUEUED_MESSAGES[change], change);
      else if (isSuccessStatus(outcome.status)) toasts.success(SUCCESS_MESSAGES[change], change);
      else toasts.error(ODD_STATUS_MESSAGES[change], change);
      return true;
    } catch (error) {
      toasts.error(changeErrorMessage(error), change);
      return false;
    }
  };
}
