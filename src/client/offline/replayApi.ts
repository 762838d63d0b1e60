/**
 * How queued writes reach the server: through the one API's base query (bearer token, timeout, a
 * 401 ends the session), with their Idempotency-Key. A stock Strapi backend gets no key: its CORS
 * setup does not allow the header.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '../lib/api';
import { clientConfig } from '../config';
import type { SendRequest, SendResult } from './replayWrite';

export const sendsKeys = clientConfig.apiFlavor !== 'strapi';

export const keyHeaders = (key: string | undefined): Record<string, string> =>
  sendsKeys && key ? { 'idempotency-key': key } : {};

/** A fresh Idempotency-Key (randomUUID needs a secure context; a LAN address over http is not one). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export const replayApi = api.injectEndpoints({
  endpoints: (builder) => ({
    sendQueuedWrite: builder.mutation<SendResult, SendRequest>({
      async queryFn(request, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: request.path,
          method: request.method,
          body: request.body,
          headers: keyHeaders(request.key),
        });
        if (!result.error)
          return {
            data: {
              status: (result.meta as FetchBaseQueryMeta | undefined)?.response?.status ?? 200,
              data: result.data,
            },
          };
        const { status, data } = result.error;
        return { data: { status: typeof status === 'number' ? status : 0, data } };
      },
    }),
  }),
});
