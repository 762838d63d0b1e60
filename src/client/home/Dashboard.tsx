/** The home dashboard, fed by one RTK Query query (two small list calls, see dashboardApi.ts). */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useGetDashboardQuery } from './dashboardApi';
import { DashboardView } from './DashboardView';

const NETWORK_ERROR_MESSAGE = 'Network error! Please try again later.';
const FALLBACK_ERROR_MESSAGE = 'Something went wrong!';

/** The server's `error.message`, the spec's network text when nothing answered, else its fallback. */
function dashboardErrorMessage(error: FetchBaseQueryError | SerializedError): string {
  if (!('status' in error)) return FALLBACK_ERROR_MESSAGE;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')
    return NETWORK_ERROR_MESSAGE;
  const message = (error.data as { error?: { message?: unknown } } | null | undefined)?.error
    ?.message;
  return typeof message === 'string' && message.trim() ? message : FALLBACK_ERROR_MESSAGE;
}

export function Dashboard() {
  // Ticking a todo on the list changes the counts without invalidating the list tag, so the
  // summary is refetched each time home is shown (cheap: two one-page calls).
  const { data, error, refetch } = useGetDashboardQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (error) {
    return (
      <DashboardView
        state={{
          status: 'error',
          message: dashboardErrorMessage(error),
          onRetry: () => void refetch(),
        }}
      />
    );
  }
  return (
    <DashboardView state={data ? { status: 'ready', summary: data } : { status: 'loading' }} />
  );
}
