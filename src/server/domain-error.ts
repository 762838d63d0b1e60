/**
 * A change a domain rule refuses, thrown where the rule is checked (repositories, imports) and
 * turned into its answer in one place: http/errors.ts toApiError.
 */
export type DomainRule =
  /** The change would take the owner past MAX_TODOS_PER_USER. */
  | 'todo-limit'
  /** The change would leave a recurrence without a due date. */
  | 'recurrence-needs-due-date'
  /** The todo named is not the caller's, or does not exist. */
  | 'not-found'
  /** The change would take the owner past MAX_PROJECTS_PER_USER live projects (values.max). */
  | 'project-limit'
  /** Another live project of the owner has this name, whatever its case (values.name). */
  | 'project-name-taken'
  /** A todo names a project (values.id) that is not the owner's live one: missing, trashed or another user's alike. */
  | 'project-not-found'
  /** A todo names a parent (values.id) that is not the owner's live todo: missing, trashed or another user's alike. */
  | 'parent-not-found'
  /** A todo would become its own ancestor: the parent named is the todo or one of its subtasks. */
  | 'parent-cycle'
  /** Under the parent named (values.id), the todo or one of its subtasks would sit deeper than MAX_DEPTH. */
  | 'parent-too-deep'
  /** A subtask names a project (values.id) other than its parent's: a subtask lives in its parent's project. */
  | 'parent-project-conflict'
  /** The change would take the owner past MAX_LABELS_PER_USER labels (values.max). */
  | 'label-limit'
  /** Another label of the owner has this name, whatever its case (values.name). */
  | 'label-name-taken'
  /** A todo names a label (values.id) that is not the owner's: missing and another user's alike. */
  | 'label-not-found'
  /** The change would give a todo more than MAX_LABELS_PER_TODO labels. */
  | 'too-many-labels';

export class DomainError extends Error {
  /** `values`: what the answer's message names (a limit, a name), never another user's data. */
  constructor(
    readonly rule: DomainRule,
    readonly values: Record<string, string | number> = {},
  ) {
    super(rule);
  }
}

export const isDomainError = (error: unknown, rule: DomainRule): error is DomainError =>
  error instanceof DomainError && error.rule === rule;

/** The todo (or count) a lookup found; nothing found is the not-found rule. */
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new DomainError('not-found');
  return value;
}
