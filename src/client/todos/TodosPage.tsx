/** /todos: every todo of the user (the drawer calls it "All todos"; its heading stays "Todos"). */
import { TodoListScreen } from './TodoListScreen';

export { EMPTY_TEXT, NO_MATCH_TEXT, NO_SEARCH_MATCH_TEXT, emptyListText } from './EmptyList';
export { OFFLINE_MISS_TEXT } from './TodoListScreen';

export default function TodosPage() {
  return <TodoListScreen />;
}
