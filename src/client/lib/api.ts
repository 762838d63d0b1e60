/**
 * The one RTK Query API. Features add their endpoints with `api.injectEndpoints`. The bearer
 * token and the reaction to a 401 come from the store's `extra` argument (the session), so this
 * module knows nothing about how the session is kept.
 */
import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { API_BASE } from '../config';

export interface ApiExtra {
  getToken(): string | undefined;
  onUnauthorized(): void;
}

export const REQUEST_TIMEOUT_MS = 2000;
export const QUERY_RETRIES = 3;
export const MAX_BACKOFF_MS = 30_000;
export const CACHE_LIFETIME_S = 300;
/** A cached answer older than this is fetched again when a page mounts with it. */
export const REFETCH_AFTER_S = 30;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers, { extra }) {
    const token = (extra as ApiExtra | undefined)?.getToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Sees each write this tab sends: called with its arguments, and what it returns with its result. */
export type WriteWatcher = (
  args: FetchArgs,
) => (result: { data?: unknown; error?: unknown; meta?: FetchBaseQueryMeta }) => void;
const writeWatchers = new Set<WriteWatcher>();

/** Watches this tab's writes (the live stream tells their events from others' by them) until the returned function is called. */
export function watchWrites(watcher: WriteWatcher): () => void {
  writeWatchers.add(watcher);
  return () => void writeWatchers.delete(watcher);
}

const sessionAwareBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  baseApi,
  extraOptions,
) => {
  const isWrite = typeof args !== 'string' && (args.method ?? 'GET').toUpperCase() !== 'GET';
  const settled = isWrite ? [...writeWatchers].map((watch) => watch(args)) : [];
  const result = await rawBaseQuery(args, baseApi, extraOptions);
  settled.forEach((done) => done(result));
  if (result.error?.status === 401) (baseApi.extra as ApiExtra | undefined)?.onUnauthorized();
  return result;
};

/** Exponential backoff (0.5 s, 1 s, 2 s, …) with jitter, capped at 30 s. */
export const backoffDelay = (attempt: number): number =>
  Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.max(0, attempt - 1) * (0.75 + Math.random() * 0.5));

/** Only reads are retried, and only when retrying can help (online: network failure, timeout, 5xx). */
export const shouldRetry = (error: FetchBaseQueryError, isQuery: boolean): boolean => {
  // Offline, a retry cannot help; the list comes back with the network (refetchOnReconnect).
  if (!isQuery || !navigator.onLine) return false;
  if (typeof error.status === 'number') return error.status >= 500;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
};

/**
 * The cache tags of todo data, shared by every feature that shows todos (the list, the home
 * dashboard): each row has its own; every list provides LIST; lists and counts that depend on
 * completion also provide STATUS, which a completion change invalidates.
 */
export const TODO_TAGS = {
  list: { type: 'Todo', id: 'PARTIAL-LIST' },
  status: { type: 'Todo', id: 'STATUS-LIST' },
  row: (id: number) => ({ type: 'Todo' as const, id }),
  /** Every page of the trash: deleting, restoring and emptying change it. */
  trash: { type: 'Trash', id: 'LIST' },
} as const;

/**
 * The cache tags of projects: the list of them, which every project write makes stale; the open
 * counts provide it too (a new or deleted project changes them), besides the todo tags above.
 */
export const PROJECT_TAGS = {
  list: { type: 'Project', id: 'LIST' },
} as const;

/** The cache tags of labels: the list of them, which every label write makes stale (the counts provide it too). */
export const LABEL_TAGS = {
  list: { type: 'Label', id: 'LIST' },
} as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: retry(sessionAwareBaseQuery, {
    backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt))),
    retryCondition: (
      error: unknown,
      _args: unknown,
      { attempt, baseQueryApi }: { attempt: number; baseQueryApi: { type: string } },
    ) =>
      attempt <= QUERY_RETRIES &&
      shouldRetry(error as FetchBaseQueryError, baseQueryApi.type === 'query'),
  }),
  tagTypes: [
    'Todo',
    'Trash',
    'Me',
    'CalendarFeed',
    'AppPassword',
    'Project',
    'Label',
    'PushDevice',
    'ReminderDelivery',
  ],
  keepUnusedDataFor: CACHE_LIFETIME_S,
  // Another tab or device may have changed the todos meanwhile: refetch what is on screen when the
  // window comes back into focus or the network comes back (see setupListeners in StoreScope).
  refetchOnFocus: true,
  refetchOnReconnect: true,
  refetchOnMountOrArgChange: REFETCH_AFTER_S,
  endpoints: () => ({}),
});

/**
 * The store's dispatch as features use it (app/store.ts builds the store): the store holds this
 * api alone, and its thunks get the session as their extra argument.
 */
export type AppDispatch = ThunkDispatch<
  { [api.reducerPath]: ReturnType<typeof api.reducer> },
  ApiExtra,
  UnknownAction
>;
