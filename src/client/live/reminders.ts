/** The reminder of a todo that the event stream brings at its `remindAt`, shown as a toast. */
import { enqueueSnackbar } from 'notistack';

export interface Reminder {
  id: number;
  title: string;
}

/** The reminder a stream message carries, if it is one: `{ "action": "reminder", "id": 7, "title": "…" }`. */
export function reminderOf(event: string, data: string): Reminder | undefined {
  // Sent as a plain message like the changes; a named "reminder" event is read the same way.
  if (event !== '' && event !== 'reminder') return undefined;
  try {
    const message = JSON.parse(data) as { action?: unknown; id?: unknown; title?: unknown };
    if (
      message.action !== 'reminder' ||
      !Number.isInteger(message.id) ||
      typeof message.title !== 'string'
    )
      return undefined;
    return { id: message.id as number, title: message.title };
  } catch {
    return undefined;
  }
}

const reminderText = (reminder: Reminder) => `Reminder: ${reminder.title}`;

/** Stays until dismissed (or 30 s): a reminder missed because the user looked away would be lost. */
export function showReminder(reminder: Reminder): void {
  enqueueSnackbar(reminderText(reminder), {
    variant: 'info',
    key: `reminder-${reminder.id}`,
    autoHideDuration: 30_000,
    preventDuplicate: true,
  });
}
