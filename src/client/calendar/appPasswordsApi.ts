/**
 * App passwords (/api/app-passwords): one per CalDAV device. The list never holds a secret; the
 * create answer carries the password once, and the page shows it from there.
 */
import { API_BASE } from '../config';
import { api } from '../lib/api';

export interface AppPassword {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type CreatedAppPassword = AppPassword & { password: string };

/** Where a CalDAV client is pointed: the server's /dav/ (the API's origin, or the page's). */
export const caldavUrl = (): string =>
  new URL('/dav/', new URL(API_BASE, window.location.href)).href;

export const appPasswordsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getAppPasswords: builder.query<AppPassword[], void>({
      query: () => 'app-passwords',
      transformResponse: (answer: { data: AppPassword[] }) => answer.data,
      providesTags: ['AppPassword'],
    }),
    createAppPassword: builder.mutation<CreatedAppPassword, string>({
      query: (name) => ({ url: 'app-passwords', method: 'POST', body: { data: { name } } }),
      transformResponse: (answer: { data: CreatedAppPassword }) => answer.data,
      invalidatesTags: ['AppPassword'],
    }),
    revokeAppPassword: builder.mutation<null, number>({
      query: (id) => ({ url: `app-passwords/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AppPassword'],
    }),
  }),
});

export const {
  useGetAppPasswordsQuery,
  useCreateAppPasswordMutation,
  useRevokeAppPasswordMutation,
} = appPasswordsApi;
