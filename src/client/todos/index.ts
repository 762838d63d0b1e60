// The todos feature's public face: what other features may use of it.
export { TodoRow } from './TodoRow';
export { rowSx as todoRowSx, titleLineSx as todoTitleLineSx } from './rowStyles';
export { TodoRowSkeletons } from './TodoRowSkeletons';
export { SelectAllBox, selectionBarSx } from './SelectAllBox';
export { useSelection } from './useSelection';
export { BULK_MESSAGES, useBulkActions } from './useBulkActions';
export { AddTodoButton } from './AddTodoButton';
export { AddTodoDialog, EditTodoDialog } from './TodoDialogs';
export { DeleteTodoDialog } from './DeleteTodoDialog';
export { QuickAdd } from './quickAdd/QuickAdd';
export { Pagination } from './Pagination';
export { clampPage, lastPage } from './pagination';
export {
  TRASH_PAGE_SIZE,
  useEmptyTrashMutation,
  useGetTrashQuery,
  useRestoreAllTrashMutation,
  type TrashedTodo,
} from './trashApi';
export { useRestore } from './useRestore';
export { reminderActions, SNOOZED_MESSAGES } from './reminderActions';
