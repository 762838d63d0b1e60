/** What the app calls each priority (src/shared/priority.ts): in the dialogs' field, the filter and the rows' flags. */
import type { Priority } from '../../shared/priority';

export const PRIORITY_NAMES: Record<Priority, string> = {
  0: 'None',
  1: 'Low',
  2: 'Medium',
  3: 'High',
};

/** A flag's accessible name: "High priority"; none has no flag. */
export const priorityLabel = (priority: Priority) => `${PRIORITY_NAMES[priority]} priority`;
