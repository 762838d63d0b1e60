/**
 * The account calls (Strapi v4 users-permissions shapes, plus export, import, log out everywhere
 * and delete), injected into the one base API. Pages that sign in or out with their answers hand
 * the session to the session machine (`session.renewed`, `session.closed`).
 */
import type { Session, User } from '../../shared/api-types';
import type { ChangePasswordForm, ResetPasswordForm } from '../../shared/account-schemas';
import { api, TODO_TAGS } from '../lib/api';

/** Exports and imports move whole accounts: they get longer than the 2 s every other call gets. */
const TRANSFER_TIMEOUT_MS = 120_000;

export type ExportFormat = 'json' | 'csv';

const post = <T>(url: string, body?: T) => ({ url, method: 'POST', body });

export const accountApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The signed-in user as the server has it now (the stored copy misses a confirmation made by mail). */
    getMe: builder.query<User, void>({ query: () => 'users/me', providesTags: ['Me'] }),
    forgotPassword: builder.mutation<{ ok: boolean }, { email: string }>({
      query: (body) => post('auth/forgot-password', body),
    }),
    // Ticklist's own server only (Strapi has no such call): whether a reset link's code still works.
    checkResetCode: builder.query<{ valid: boolean }, string>({
      query: (code) => ({ url: 'auth/reset-password', params: { code } }),
    }),
    resetPassword: builder.mutation<Session, ResetPasswordForm>({
      query: (body) => post('auth/reset-password', body),
    }),
    changePassword: builder.mutation<Session, ChangePasswordForm>({
      query: (body) => post('auth/change-password', body),
    }),
    sendEmailConfirmation: builder.mutation<{ email: string; sent: boolean }, { email: string }>({
      query: (body) => post('auth/send-email-confirmation', body),
    }),
    logoutAll: builder.mutation<null, void>({ query: () => post('auth/logout-all') }),
    deleteAccount: builder.mutation<null, { password: string }>({
      query: (body) => ({ url: 'users/me', method: 'DELETE', body }),
    }),
    /** The export as text, for a download; the browser never holds it as a stored query. */
    exportAccount: builder.mutation<string, ExportFormat>({
      query: (format) => ({
        url: format === 'csv' ? 'users/me/export?format=csv' : 'users/me/export',
        responseHandler: 'text',
        timeout: TRANSFER_TIMEOUT_MS,
      }),
    }),
    importTodos: builder.mutation<{ data: { imported: number } }, File>({
      query: (file) => ({
        url: 'todos/import',
        method: 'POST',
        body: file,
        headers: { 'content-type': isCsvFile(file) ? 'text/csv' : 'application/json' },
        timeout: TRANSFER_TIMEOUT_MS,
      }),
      invalidatesTags: [TODO_TAGS.list, TODO_TAGS.status],
    }),
  }),
});

const isCsvFile = (file: File): boolean => file.type === 'text/csv' || /\.csv$/i.test(file.name);

export const {
  useGetMeQuery,
  useForgotPasswordMutation,
  useCheckResetCodeQuery,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useSendEmailConfirmationMutation,
  useLogoutAllMutation,
  useDeleteAccountMutation,
  useExportAccountMutation,
  useImportTodosMutation,
} = accountApi;
