/**
 * The rows of a list's page: numbered across pages, subtasks under their parents (as a tree), each
 * with its sync state, selection and the dialogs it opens; in "Your order" the top-level rows can
 * be dragged (dnd-kit's live region and instructions go beside the list, not in it).
 */
import Paper from '@mui/material/Paper';
import type { TodoEntity } from '../../shared/api-types';
import type { DialogState } from './ListDialogs';
import type { TodoPage } from './listQuery';
import { rowNumber } from './pagination';
import type { SyncState } from './queuedOverlay';
import { Reorderable } from './reorder/Reorderable';
import { SortableTodoRow } from './reorder/SortableTodoRow';
import { SubtaskRows } from './subtasks/SubtaskRows';
import { TodoRow } from './TodoRow';
import type { TodoQuery } from './view';

interface TodoListRowsProps {
  page: TodoPage;
  query: TodoQuery;
  /** Whether the page is roots with their subtasks. */
  tree: boolean;
  /** Whether the top-level rows can be moved ("Your order"). */
  reorderable: boolean;
  busy: boolean;
  sync: Map<number, SyncState>;
  selected(id: number): boolean;
  selecting: boolean;
  /** Left out where there are no bulk actions; never offered for a todo that waits for its id. */
  onSelect?(todo: TodoEntity, selected: boolean): void;
  onDialog(dialog: DialogState): void;
}

export function TodoListRows({
  page,
  query,
  tree,
  reorderable,
  busy,
  sync,
  selected,
  selecting,
  onSelect,
  onDialog,
}: TodoListRowsProps) {
  return (
    <Reorderable enabled={reorderable} query={query} todos={page.todos}>
      <Paper component="ol" variant="outlined" aria-busy={busy || undefined} sx={{ p: 0, m: 0 }}>
        <SubtaskRows
          todos={page.todos}
          tree={tree}
          onAddSubtask={(parent) => onDialog({ kind: 'add', open: true, todo: parent })}
          row={(todo, { index, titleAs }, slots) => {
            // A top-level row of a list in "Your order" has its drag handle.
            const Row = reorderable && !slots.indent ? SortableTodoRow : TodoRow;
            return (
              <Row
                key={todo.id}
                todo={todo}
                sync={sync.get(todo.id)}
                number={
                  index === undefined ? undefined : rowNumber(page.page, page.pageSize, index)
                }
                titleAs={titleAs}
                subtask={slots}
                onEdit={(target) => onDialog({ kind: 'edit', open: true, todo: target })}
                onDelete={(target) => onDialog({ kind: 'delete', open: true, todo: target })}
                selected={selected(todo.id)}
                selecting={selecting}
                onSelect={onSelect && todo.id > 0 ? onSelect : undefined}
              />
            );
          }}
        />
      </Paper>
    </Reorderable>
  );
}
