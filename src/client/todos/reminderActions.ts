/**
 * The reminder toast's buttons (live/reminders.ts): Open shows the list searched for the todo's
 * title, Snooze moves its reminder an hour on (the server then sends it again), Done completes it.
 * Run on the store's dispatch, since the toast lives outside any page.
 */
import type { AppDispatch } from '../lib/api';
import { changeErrorMessage } from '../lib/messages';
import { toasts } from '../lib/toasts';
import { SNOOZE_MS, type ReminderActions } from '../live';
import { todosApi } from './todosApi';
import { DEFAULT_VIEW, viewToParams } from './view';

export const SNOOZED_MESSAGE = 'Reminder snoozed for 1 hour';

export function reminderActions(
  dispatch: AppDispatch,
  navigate: (to: string) => void,
  now: () => number = Date.now,
): ReminderActions {
  return {
    open: ({ title }) => navigate(`/todos?${viewToParams({ ...DEFAULT_VIEW, search: title })}`),
    async snooze({ id }) {
      const remindAt = new Date(now() + SNOOZE_MS).toISOString();
      const request = dispatch(todosApi.endpoints.editTodo.initiate({ id, changes: { remindAt } }));
      try {
        await request.unwrap();
        toasts.success(SNOOZED_MESSAGE, 'edit');
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
