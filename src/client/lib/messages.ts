/**
 * The todo screens' texts from the spec's error catalogue (the list, Today, the trash), and how an
 * API error becomes one (the account's calls too).
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SerializedError } from '@reduxjs/toolkit';

export type Change = 'add' | 'edit' | 'delete';

export const SUCCESS_MESSAGES: Record<Change, string> = {
  add: 'Todo added successfully!',
  edit: 'Todo updated successfully!',
  delete: 'Todo Deleted successfully!',
};

export const ODD_STATUS_MESSAGES: Record<Change, string> = {
  add: 'Todo was added but something went wrong!',
  edit: 'Todo was updated but something went wrong!',
  delete: 'Todo was Deleted but something went wrong!',
};

/** A change kept on this device (offline, or no answer came): it is sent when the connection returns. */
export const QUEUED_MESSAGES: Record<Change, string> = {
  add: 'Todo saved on this device! It will be added when the connection returns.',
  edit: 'Todo saved on this device! It will be updated when the connection returns.',
  delete: 'Todo will be deleted when the connection returns.',
};

export const RESTORE_SUCCESS_MESSAGE = 'Todo restored!';
export const RESTORE_ODD_STATUS_MESSAGE = 'Todo was restored but something went wrong!';

/** The trash page's texts. */
export const TRASH_EMPTY_TEXT = 'Trash is empty';
export const TRASH_EMPTIED_MESSAGE = 'Trash emptied';

const NETWORK_ERROR_MESSAGE = 'Network error! Please try again later.';
const FALLBACK_ERROR_MESSAGE = 'Something went wrong!';

/** Add, edit and delete succeed with 200 or 204. */
export const isSuccessStatus = (status: number): boolean => status === 200 || status === 204;

export const isFetchBaseQueryError = (error: unknown): error is FetchBaseQueryError =>
  typeof error === 'object' && error !== null && 'status' in error;

/** The `error.message` of a Strapi-shaped error body, if there is one. */
function serverErrorMessage(data: unknown): string | undefined {
  const message = (data as { error?: { message?: unknown } } | null | undefined)?.error?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

const isNoResponse = (error: FetchBaseQueryError) =>
  error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';

/** The field a refused change names (a Strapi ValidationError's first error with a path), and why. */
export function refusedField(error: unknown): { field: string; message: string } | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  const errors = (error.data as { error?: { details?: { errors?: unknown } } } | null | undefined)
    ?.error?.details?.errors;
  if (!Array.isArray(errors)) return undefined;
  for (const entry of errors as { path?: unknown; message?: unknown }[]) {
    const [field] = Array.isArray(entry.path) ? entry.path : [];
    if (typeof field === 'string' && typeof entry.message === 'string')
      return { field, message: entry.message };
  }
  return undefined;
}

/** What a failed add, edit or delete says: no response, the server's message, or the fallback. */
export function changeErrorMessage(error: unknown): string {
  if (isFetchBaseQueryError(error)) {
    if (isNoResponse(error)) return NETWORK_ERROR_MESSAGE;
    return serverErrorMessage(error.data) ?? FALLBACK_ERROR_MESSAGE;
  }
  return FALLBACK_ERROR_MESSAGE;
}

/**
 * The numeric status and the message the error page shows when the list cannot be loaded.
 * An HTTP error keeps its status; a timeout is 408, no response at all 503, anything else 500.
 */
export function listErrorDetails(error: FetchBaseQueryError | SerializedError): {
  status: number;
  message: string;
} {
  if (!isFetchBaseQueryError(error))
    return { status: 500, message: error.message || FALLBACK_ERROR_MESSAGE };
  if (typeof error.status === 'number') {
    return {
      status: error.status,
      message: serverErrorMessage(error.data) ?? FALLBACK_ERROR_MESSAGE,
    };
  }
  switch (error.status) {
    case 'TIMEOUT_ERROR':
      return { status: 408, message: NETWORK_ERROR_MESSAGE };
    case 'FETCH_ERROR':
      return { status: 503, message: NETWORK_ERROR_MESSAGE };
    case 'PARSING_ERROR':
      return { status: error.originalStatus, message: FALLBACK_ERROR_MESSAGE };
    default:
      return { status: 500, message: FALLBACK_ERROR_MESSAGE };
  }
}
