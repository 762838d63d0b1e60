/** PLACEHOLDER: the issue that owns this screen replaces it. */
export default function ProfilePage() {
  return <h1>Profile</h1>;
}
