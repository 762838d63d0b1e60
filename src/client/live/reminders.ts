/**
 * The reminder of a todo that the event stream brings at its `remindAt`, shown as a toast with
 * Open (the list, searched for it), Snooze (then 10 minutes, 1 hour or Tomorrow, in a second
 * toast) and Done (completes it).
 */
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { createElement, Fragment } from 'react';
import { SNOOZES, type SnoozeAction } from '../../shared/push-schemas';
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
  /** Moves the reminder `SNOOZES[snooze].ms` later. */
  snooze(reminder: Reminder, snooze: SnoozeAction): void;
  done(reminder: Reminder): void;
}

const reminderText = (reminder: Reminder) => `Reminder: ${reminder.title}`;

type Button = readonly [label: string, run: (reminder: Reminder) => void];

/** A toast's buttons: each closes the toast, then does its part. */
const buttonsFor = (reminder: Reminder, buttons: readonly Button[]) => (key: SnackbarKey) =>
  createElement(
    Fragment,
    null,
    buttons.map(([label, run]) =>
      createElement(UndoToastAction, {
        key: label,
        label,
        onUndo: () => {
          closeSnackbar(key);
          run(reminder);
        },
      }),
    ),
  );

/** The second step of Snooze: how long, in a toast of its own. */
function showSnoozeChoices(reminder: Reminder, actions: ReminderActions): void {
  const choices = (Object.keys(SNOOZES) as SnoozeAction[]).map((snooze): Button => [
    SNOOZES[snooze].label,
    () => actions.snooze(reminder, snooze),
  ]);
  enqueueSnackbar(`Snooze “${reminder.title}” for…`, {
    variant: 'info',
    key: `snooze-${reminder.id}`,
    autoHideDuration: 30_000,
    preventDuplicate: true,
    action: buttonsFor(reminder, choices),
  });
}

/** Stays until dismissed (or 30 s): a reminder missed because the user looked away would be lost. */
export function showReminder(reminder: Reminder, actions?: ReminderActions): void {
  const buttons: Button[] = actions
    ? [
        ['Open', actions.open],
        ['Snooze', (shown) => showSnoozeChoices(shown, actions)],
        ['Done', actions.done],
      ]
    : [];
  enqueueSnackbar(reminderText(reminder), {
    variant: 'info',
    key: `reminder-${reminder.id}`,
    autoHideDuration: 30_000,
    preventDuplicate: true,
    ...(actions ? { action: buttonsFor(reminder, buttons) } : {}),
  });
}
