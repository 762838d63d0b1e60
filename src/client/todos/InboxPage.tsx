/** /inbox: the todos in no project, with the same list, controls and dialogs as /todos. */
import { INBOX_NAME } from '../projects';
import { TodoListScreen } from './TodoListScreen';

export default function InboxPage() {
  return <TodoListScreen project={null} title={INBOX_NAME} />;
}
