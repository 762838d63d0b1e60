/**
 * Toast settings for the whole app (notistack): at most 20 kept, 4000 ms for plain and error
 * toasts, 2000 ms for success toasts. notistack has one default duration for every variant, so
 * the success variant gets a content component that closes itself after 2000 ms whenever the
 * caller did not ask for another duration.
 */
import { closeSnackbar, MaterialDesignContent, type CustomContentProps } from 'notistack';
import type { Theme } from '@mui/material/styles';
import { forwardRef, useEffect } from 'react';

export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;

export const SuccessToast = forwardRef<HTMLDivElement, CustomContentProps>(
  function SuccessToast(props, ref) {
    const { id, persist, autoHideDuration } = props;
    const usesDefault = !persist && autoHideDuration === TOAST_DURATION_MS;
    useEffect(() => {
      if (!usesDefault) return;
      const timer = setTimeout(() => closeSnackbar(id), SUCCESS_TOAST_DURATION_MS);
      return () => clearTimeout(timer);
    }, [id, usesDefault]);
    return <MaterialDesignContent ref={ref} {...props} />;
  },
);

export const toastComponents = { success: SuccessToast };

/** The class of the bottom-centre toast stack (SnackbarProvider `classes`). */
export const TOAST_CONTAINER_CLASS = 'ticklist-toasts';

/**
 * On phones a toast spans the screen's width; lifted above the todo screen's floating "+" button
 * (56 px at 16 px from the bottom), so adding stays possible while an Undo toast is up.
 */
export const toastContainerStyles = (theme: Theme) => ({
  [`.${TOAST_CONTAINER_CLASS}.${TOAST_CONTAINER_CLASS}`]: {
    [theme.breakpoints.down('sm')]: { bottom: 80 },
  },
});
