/**
 * What the backend behind the app can do. Ticklist's own server has a trash (restore, empty), bulk
 * actions and live events; a stock Strapi v4 backend (VITE_API_FLAVOR=strapi) has none of them, so
 * the app then hides the Trash page's link and the bulk selection, Undo creates a deleted todo
 * again, and other tabs' changes show on focus and page changes only. Nor has it due dates,
 * reminders, series or a calendar feed: the date fields, the Today page and the feed are hidden;
 * nor can it tell whether a reset link was used before the form is sent. Projects it has, through
 * compat/strapi's content types (deleting one leaves its todos in the Inbox there).
 * Functions, read when used, so a test can mock the configuration per file.
 */
import { clientConfig } from '../config';

export const hasTrash = (): boolean => clientConfig.apiFlavor !== 'strapi';
export const hasLiveEvents = (): boolean => clientConfig.apiFlavor !== 'strapi';
export const hasDueDates = (): boolean => clientConfig.apiFlavor !== 'strapi';
export const canCheckResetLinks = (): boolean => clientConfig.apiFlavor !== 'strapi';
/** App passwords for CalDAV clients (/dav/) are Ticklist's own; Strapi has no CalDAV server. */
export const hasAppPasswords = (): boolean => clientConfig.apiFlavor !== 'strapi';
/** `PUT /todos/:id?subtasks=complete` completes a todo's open subtasks with it; Strapi has no such call. */
export const hasSubtaskCompletion = (): boolean => clientConfig.apiFlavor !== 'strapi';
