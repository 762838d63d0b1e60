/** PLACEHOLDER: the issue that owns this screen replaces it. */
export default function LoginPage() {
  return <h1>Login to get access!</h1>;
}
