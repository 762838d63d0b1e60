// The todos feature's public face: what other features may use of it.
export { TodoRow, TodoRowSkeletons } from './TodoRow';
export { AddTodoButton } from './AddTodoButton';
export { AddTodoDialog, DeleteTodoDialog, EditTodoDialog } from './TodoDialogs';
export { Pagination } from './Pagination';
export { clampPage, lastPage } from './pagination';
export {
  TRASH_PAGE_SIZE,
  useEmptyTrashMutation,
  useGetTrashQuery,
  type TrashedTodo,
} from './trashApi';
export { useRestore } from './useRestore';
