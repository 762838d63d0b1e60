/**
 * The rows of a list page with subtasks (subtaskTree.ts): each gets its indent, its disclosure
 * button and "2/5" count, the parent's title in a flat list, a menu with "Add subtask" while it may
 * hold subtasks, and a tick that asks about its open subtasks. The screen renders the row itself.
 */
import { useMemo, type ReactNode } from 'react';
import { useDraggedId } from '../../ui/SortableList';
import type { TodoEntity } from '../../../shared/api-types';
import type { SubtaskSlots } from './slots';
import { ParentContext, RowMenu, SubtaskDisclosure, SubtaskProgress } from './RowParts';
import { canHoldSubtasks, pageRows } from './subtaskTree';
import { useCollapsed } from './useCollapsed';
import { useSubtaskCompletion } from './useSubtaskCompletion';

export interface RowPlace {
  /** The row's place among the page's top-level todos (its number); none for a subtask. */
  index?: number;
  /** Its title's heading level: one deeper per level of subtask in a tree. */
  titleAs: 'h2' | 'h3' | 'h4';
}

interface SubtaskRowsProps {
  todos: TodoEntity[];
  /** Subtasks under their parents (no search or filter), or a flat list of matches. */
  tree: boolean;
  onAddSubtask(parent: TodoEntity): void;
  row(todo: TodoEntity, place: RowPlace, slots: SubtaskSlots): ReactNode;
}

const HEADINGS = ['h2', 'h3', 'h4'] as const;

export function SubtaskRows({ todos, tree, onAddSubtask, row }: SubtaskRowsProps) {
  const [collapsed, toggleCollapsed] = useCollapsed();
  const completion = useSubtaskCompletion();
  // A top-level todo dragged in "Your order" takes its subtasks along: they are folded into it
  // until the drop, so none is left behind among the other rows.
  const dragged = useDraggedId();
  const folded = useMemo(
    () => (dragged === undefined ? collapsed : new Set([...collapsed, dragged])),
    [collapsed, dragged],
  );
  let index = 0;
  return (
    <>
      {pageRows(todos, tree, folded).map((shown) => {
        const { todo, level, indent, expanded, progress, parentTitle } = shown;
        const { title } = todo.attributes;
        const place = {
          index: indent === 0 ? index++ : undefined,
          titleAs: HEADINGS[indent] ?? 'h4',
        };
        return row(todo, place, {
          indent,
          lead: expanded !== undefined && (
            <SubtaskDisclosure
              title={title}
              expanded={expanded}
              onToggle={() => toggleCollapsed(todo.id)}
            />
          ),
          extra: (
            <>
              {progress && <SubtaskProgress {...progress} />}
              {parentTitle !== undefined && <ParentContext title={parentTitle} />}
            </>
          ),
          // A todo added offline has no id the server knows yet: nothing can go under it.
          menu: canHoldSubtasks({ level }) && todo.id > 0 && (
            <RowMenu title={title} onAddSubtask={() => onAddSubtask(todo)} />
          ),
          onToggle: (completed) => completion.toggle(shown, completed),
        });
      })}
      {completion.dialog}
    </>
  );
}
