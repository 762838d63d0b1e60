/**
 * Build-time configuration, injected by Vite's `define` (see vite.config.mts) and by Jest's
 * `globals` in tests, so no module reads import.meta.
 */
export interface ClientConfig {
  /** Origin of the API server; empty means the page's own origin. */
  apiUrl: string;
  /**
   * The server behind apiUrl: Ticklist's own, or a Strapi v4 project set up from compat/strapi
   * (VITE_API_FLAVOR=strapi), which has no logout route and searches titles with `$containsi`.
   */
  apiFlavor: 'ticklist' | 'strapi';
  authorName: string;
  githubUrl: string;
  linkedinUrl: string;
  email: string;
  /** True in `npm run dev` only: turns on the visual gallery. */
  devTools: boolean;
}

declare const __TICKLIST_CONFIG__: ClientConfig;

export const clientConfig: ClientConfig = __TICKLIST_CONFIG__;

export const API_BASE = `${clientConfig.apiUrl.replace(/\/+$/, '')}/api`;
