/** What a list with subtasks adds to a TodoRow, and how far a subtask's row is indented. */
import type { ReactNode } from 'react';

export interface SubtaskSlots {
  /** The indent level: 0 for a top-level todo, 1 and 2 for subtasks. */
  indent?: number;
  /** Before the row's number: the disclosure button of a todo with subtasks. */
  lead?: ReactNode;
  /** After the title's badges: the "2/5" count, or the parent's title in a flat list. */
  extra?: ReactNode;
  /** Beside Edit and Delete: the row's menu (Add subtask). */
  menu?: ReactNode;
  /** Replaces the plain tick: completing a todo with open subtasks asks first. */
  onToggle?(completed: boolean): void;
}

/** A subtask's left padding: small steps on a phone, so three levels never scroll sideways. */
export const indentOf = (level: number) => ({ xs: 1 + 1.5 * level, sm: 1 + 4 * level });
