/** Any unknown path: the error page with status 404 and the spec's message. */
import { ErrorPage } from './ErrorPage';

export const NOT_FOUND_MESSAGE = 'Oops! The page you’re looking for doesn’t exist.';

export default function NotFoundPage() {
  return <ErrorPage status={404} title={NOT_FOUND_MESSAGE} />;
}
