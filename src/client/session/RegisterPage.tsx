/** PLACEHOLDER: the issue that owns this screen replaces it. */
export default function RegisterPage() {
  return <h1>Register to get access!</h1>;
}
