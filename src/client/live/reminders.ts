/**
 * The reminder of a todo that the event stream brings at its `remindAt`, shown as a toast with
 * Open (the list, searched for it), Snooze (an hour later) and Done (completes it).
 */
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { createElement, Fragment } from 'react';
import { UndoToastAction } from '../ui/UndoToastAction';

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

/** What the reminder toast's buttons do (todos/reminderActions.ts: they need the store and the router). */
export interface ReminderActions {
  open(reminder: Reminder): void;
  snooze(reminder: Reminder): void;
  done(reminder: Reminder): void;
}

/** How much later Snooze reminds again. */
export const SNOOZE_MS = 60 * 60 * 1000;

const reminderText = (reminder: Reminder) => `Reminder: ${reminder.title}`;

const BUTTONS = [
  ['Open', 'open'],
  ['Snooze', 'snooze'],
  ['Done', 'done'],
] as const;

/** The toast's buttons: each closes the toast, then does its part. */
const buttonsFor = (reminder: Reminder, actions: ReminderActions) => (key: SnackbarKey) =>
  createElement(
    Fragment,
    null,
    BUTTONS.map(([label, action]) =>
      createElement(UndoToastAction, {
        key: action,
        label,
        onUndo: () => {
          closeSnackbar(key);
          actions[action](reminder);
        },
      }),
    ),
  );

/** Stays until dismissed (or 30 s): a reminder missed because the user looked away would be lost. */
export function showReminder(reminder: Reminder, actions?: ReminderActions): void {
  enqueueSnackbar(reminderText(reminder), {
    variant: 'info',
    key: `reminder-${reminder.id}`,
    autoHideDuration: 30_000,
    preventDuplicate: true,
    ...(actions ? { action: buttonsFor(reminder, actions) } : {}),
  });
}
