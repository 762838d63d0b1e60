/** PLACEHOLDER: the issue that owns this screen replaces it. */
export default function TodosPage() {
  return <h1>Todos</h1>;
}
