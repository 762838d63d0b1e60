/** PLACEHOLDER: the issue that owns this screen replaces it. */
export default function NotFoundPage() {
  return <h1>Oops! The page you’re looking for doesn’t exist.</h1>;
}
