/**
 * What the backend behind the app can do. Ticklist's own server has a trash (restore, empty) and
 * bulk actions; a stock Strapi v4 backend (VITE_API_FLAVOR=strapi) has neither, so the app then
 * hides the Trash page's link and the bulk selection, and Undo creates a deleted todo again.
 * A function, read when used, so a test can mock the configuration per file.
 */
import { clientConfig } from '../config';

export const hasTrash = (): boolean => clientConfig.apiFlavor !== 'strapi';
