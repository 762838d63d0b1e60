/**
 * The delete dialog's word on subtasks: the server takes a todo's whole subtree to the trash with it
 * and brings it back on Undo or Restore. A Strapi backend has no trash (its subtasks stay, as
 * top-level todos), so nothing is said there.
 */
import Box from '@mui/material/Box';
import type { TodoEntity } from '../../../shared/api-types';
import { hasTrash } from '../../lib/features';
import { subtreeSize } from './subtaskTree';

export const subtreeNote = (count: number) =>
  count === 1
    ? 'Its subtask goes to the trash with it; Undo brings it back.'
    : `Its ${count} subtasks go to the trash with it; Undo brings them back.`;

export function SubtreeNote({ todo }: { todo: TodoEntity | undefined }) {
  const count = todo ? subtreeSize(todo) : 0;
  if (count === 0 || !hasTrash()) return null;
  return (
    <Box component="span" sx={{ display: 'block', mt: 1 }}>
      {subtreeNote(count)}
    </Box>
  );
}
