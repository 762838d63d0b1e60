/**
 * The error page for what a page throws while rendering (a page chunk that failed to load
 * included): a thrown response keeps its status, anything else is a 500 with its message.
 * RouteErrorBoundary catches it where it is placed (around the page, and around the whole app)
 * and clears it when the visitor moves to another path.
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';
import { NOT_FOUND_MESSAGE } from './NotFoundPage';

function RouteErrorPage({ error }: { error: unknown }) {
  if (error instanceof Response) {
    if (error.status === 404) return <ErrorPage status={404} title={NOT_FOUND_MESSAGE} />;
    return <ErrorPage status={error.status} title={error.statusText || undefined} />;
  }
  return <ErrorPage message={error instanceof Error ? error.message : undefined} />;
}

interface BoundaryProps {
  /** A new value clears a caught error (the path: another page gets its chance). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  caught: { error: unknown } | undefined;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { caught: undefined, resetKey: props.resetKey };
  }

  override render() {
    const { caught } = this.state;
    return caught ? <RouteErrorPage error={caught.error} /> : this.props.children;
  }
}

/** Shows the error page instead of its children when they throw, until the path changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
