/**
 * The list's selection mode and what it does: the rows picked on this page, the selection bar's
 * actions (one bulk call each; a bulk delete asks first and offers one Undo) and whether the
 * backend has bulk calls at all (a stock Strapi backend has none).
 */
import { useMemo, useRef, useState, type RefObject } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { labelIdsOf } from '../labels';
import { hasTrash } from '../lib/features';
import { findTodo } from './subtasks/subtaskTree';
import { useBulkDeleteDialog } from './useBulkDeleteDialog';
import { useBulkActions } from './useBulkActions';
import type { BulkAction } from './trashApi';
import { useSelection } from './useSelection';

/** How many of the chosen todos (on the page, subtasks too) have each label, by the label's id. */
function labelCounts(todos: readonly TodoEntity[], ids: readonly number[]) {
  const counts = new Map<number, number>();
  for (const id of ids)
    for (const label of labelIdsOf(findTodo(todos, id) as TodoEntity | undefined) ?? [])
      counts.set(label, (counts.get(label) ?? 0) + 1);
  return counts;
}

export function useListBulk({
  key,
  todos,
  pageIds,
  searchBox,
}: {
  /** The list's scope and view: a new one starts with nothing selected. */
  key: string;
  /** The page's todos (their labels say what the Label… menu shows checked). */
  todos: readonly TodoEntity[];
  /** The rows of this page that can be picked. */
  pageIds: number[];
  /** Where the focus goes when the toast that had it leaves. */
  searchBox: RefObject<HTMLInputElement | null>;
}) {
  const selection = useSelection(key, pageIds);
  const [selecting, setSelecting] = useState(false);
  const stopSelecting = () => {
    selection.clear();
    setSelecting(false);
  };
  const focusSearch = () => searchBox.current?.focus();
  const undoButton = useRef<HTMLButtonElement | null>(null);
  const bulk = useBulkActions({ undoButton, onFocusLost: focusSearch });
  const enabled = hasTrash();
  const bulkDelete = useBulkDeleteDialog({
    run: async (ids) => {
      const done = await bulk.run('delete', ids);
      if (done) selection.clear();
      return done;
    },
    busy: bulk.busy,
    // The rows and the bar's buttons are gone: focus goes to the Undo toast.
    onDeleted: () => (undoButton.current ?? searchBox.current)?.focus(),
  });
  const carried = useMemo(() => labelCounts(todos, selection.ids), [todos, selection.ids]);
  /** The selection bar's props (ListToolbar's `bulk`). */
  const bar = {
    selected: selection.ids.length,
    onPage: pageIds.length,
    busy: bulk.busy,
    onSelectAll: selection.setAll,
    // A bulk delete asks first, as a single delete does.
    onAction: (action: Exclude<BulkAction, 'move' | 'label' | 'unlabel'>) =>
      action === 'delete' ? bulkDelete.ask(selection.ids) : void bulk.run(action, selection.ids),
    onMove: (project: number | null, name: string) =>
      void bulk.run('move', selection.ids, { project, name }),
    carried,
    onLabel: (label: number, name: string, on: boolean) =>
      void bulk.run(on ? 'label' : 'unlabel', selection.ids, { label, name }),
    onClear: selection.clear,
  };
  return { selection, selecting, setSelecting, stopSelecting, enabled, bulk, bar, bulkDelete };
}
