/** PLACEHOLDER: the issue that owns this screen replaces it. */
export default function HomePage() {
  return <h1>Home</h1>;
}
