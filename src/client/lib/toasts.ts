/**
 * Toasts with the spec's durations: 2000 ms for a success, 4000 ms (the provider's default) for an
 * error; and the one success toast that carries an Undo button (see UNDO_TOAST_MS).
 *
 * Every toast names the kind of action it reports. An error toast of a kind is closed as soon as
 * an action of the same kind succeeds, so an old failure never sits beside the proof it is over.
 */
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { createElement, type RefObject } from 'react';
import { UndoToastAction } from '../ui/UndoToastAction';

const SUCCESS_TOAST_MS = 2000;

/**
 * The delete toast carries an Undo button, and 2000 ms (the spec's success duration) is too
 * short to read the toast, decide, and reach the button, by mouse or by keyboard. So this one
 * toast stays 6000 ms (notistack also pauses it while the pointer is over it or the window is in
 * the background). Every other success toast keeps the spec's 2000 ms.
 */
const UNDO_TOAST_MS = 6000;

/** What a toast reports: a change to one todo, a bulk change, the trash, loading the list, an account action or a project's or label's change. */
export type ToastKind =
  | 'add'
  | 'edit'
  | 'delete'
  | 'complete'
  | 'restore'
  | 'bulk'
  | 'trash'
  | 'list'
  | 'password'
  | 'mail'
  | 'export'
  | 'import'
  | 'account'
  | 'feed'
  | 'appPassword'
  | 'project'
  | 'label'
  | 'push';

interface UndoableToast {
  kind: ToastKind;
  /** Runs when Undo is pressed (the toast closes first). */
  onUndo(): void;
  /** Set to the Undo button while the toast is on screen, so focus can be moved to it. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** Runs when the toast starts to leave while its Undo button has focus: focus needs a new home. */
  onFocusLost?(): void;
}

/** A button in an error toast, e.g. Retry. */
interface ToastButton {
  label: string;
  onClick(): void;
}

/** The error toasts on screen, by kind. */
const openErrors = new Map<ToastKind, Set<SnackbarKey>>();

/** Closes the error toasts of this kind: an action of that kind just succeeded. */
function settle(kind: ToastKind): void {
  openErrors.get(kind)?.forEach((key) => closeSnackbar(key));
  openErrors.delete(kind);
}

const actionButton =
  (
    label: string,
    buttonRef: RefObject<HTMLButtonElement | null> | undefined,
    onPress: () => void,
  ) =>
  (key: SnackbarKey) =>
    createElement(UndoToastAction, {
      label,
      buttonRef,
      onUndo: () => {
        closeSnackbar(key);
        onPress();
      },
    });

/** The screens' toasts (todos, trash, account). */
export const toasts = {
  success(message: string, kind: ToastKind) {
    settle(kind);
    return enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
  },
  error(message: string, kind: ToastKind, button?: ToastButton) {
    const key = enqueueSnackbar(message, {
      variant: 'error',
      ...(button ? { action: actionButton(button.label, undefined, button.onClick) } : {}),
      onExited: (_node, exited) => openErrors.get(kind)?.delete(exited),
    });
    openErrors.set(kind, (openErrors.get(kind) ?? new Set()).add(key));
    return key;
  },
  /** An action of this kind succeeded without a toast of its own (a tick, a refetch). */
  settle,
  /** A success toast with an Undo button, shown for UNDO_TOAST_MS. */
  undoable(message: string, { kind, onUndo, buttonRef, onFocusLost }: UndoableToast) {
    settle(kind);
    return enqueueSnackbar(message, {
      variant: 'success',
      autoHideDuration: UNDO_TOAST_MS,
      action: actionButton('Undo', buttonRef, onUndo),
      onExit: () => {
        const button = buttonRef?.current;
        if (button && button === document.activeElement) onFocusLost?.();
      },
    });
  },
};
