/**
 * The reminder toast's buttons (live/reminders.ts): Open shows the list searched for the todo's
 * title, Snooze moves its reminder 10 minutes, an hour or a day on (the server then sends it
 * again), Done completes it.
 * Run on the store's dispatch, since the toast lives outside any page.
 */
import type { AppDispatch } from '../lib/api';
import { changeErrorMessage } from '../lib/messages';
import { toasts } from '../lib/toasts';
import { SNOOZES, type SnoozeAction } from '../../shared/push-schemas';
import type { ReminderActions } from '../live';
import { todosApi } from './todosApi';
import { DEFAULT_VIEW, viewToParams } from './view';

export const SNOOZED_MESSAGES: Record<SnoozeAction, string> = {
  'snooze-10m': 'Reminder snoozed for 10 minutes',
  snooze: 'Reminder snoozed for 1 hour',
  'snooze-tomorrow': 'Reminder snoozed until tomorrow',
};

export function reminderActions(
  dispatch: AppDispatch,
  navigate: (to: string) => void,
  now: () => number = Date.now,
): ReminderActions {
  return {
    open: ({ title }) => navigate(`/todos?${viewToParams({ ...DEFAULT_VIEW, search: title })}`),
    async snooze({ id }, snooze) {
      const remindAt = new Date(now() + SNOOZES[snooze].ms).toISOString();
      const request = dispatch(todosApi.endpoints.editTodo.initiate({ id, changes: { remindAt } }));
      try {
        await request.unwrap();
        toasts.success(SNOOZED_MESSAGES[snooze], 'edit');
      } catch (error) {
        toasts.error(changeErrorMessage(error), 'edit');
      } finally {
        request.reset();
      }
    },
    async done({ id }) {
      const request = dispatch(
        todosApi.endpoints.setTodoCompleted.initiate({ id, completed: true }),
      );
      try {
        await request.unwrap();
        toasts.settle('complete');
      } catch (error) {
        toasts.error(changeErrorMessage(error), 'complete');
      } finally {
        request.reset();
      }
    },
  };
}
