/** The error page for route errors: a thrown response keeps its status, anything else is a 500. */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';
import { NOT_FOUND_MESSAGE } from './NotFoundPage';

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorPage status={404} title={NOT_FOUND_MESSAGE} />;
    return <ErrorPage status={error.status} title={error.statusText || undefined} />;
  }
  return <ErrorPage message={error instanceof Error ? error.message : undefined} />;
}
