/** PLACEHOLDER (issue 3): the generic error page for route errors. */
export function RouteErrorPage() {
  return <h1>Server Error</h1>;
}
