/** What the todo routes share beyond their schemas: the owner a body may name, and a changed todo's answer. */
import { labelsMissingNote } from '../../shared/label-relation';
import { PARENT_MISSING_NOTE } from '../../shared/parent-relation';
import { PROJECT_MISSING_NOTE } from '../../shared/project-relation';
import { isRecord } from '../../shared/qs-object';
import { forbidden } from '../http/errors';
import { toTodoEntity } from './present';
import type { ChangedTodo } from './series';

/**
 * A changed todo's answer: meta.series says when the change ended its series (no date left up to the
 * last due date), meta.project when the project named was gone and the todo went to the Inbox,
 * meta.parent when the parent named was gone and the todo is a root, meta.subtasks how many subtasks
 * the write carried (completed, trashed or restored with the todo), meta.labels when labels named
 * were gone and left off.
 */
export const changedAnswer = ({
  row,
  series,
  projectMissing,
  parentMissing,
  labelsMissing,
  subtasks,
}: ChangedTodo) => ({
  data: toTodoEntity(row),
  meta: {
    ...(series && { series }),
    ...(projectMissing && { project: PROJECT_MISSING_NOTE }),
    ...(parentMissing && { parent: PARENT_MISSING_NOTE }),
    ...(subtasks && { subtasks }),
    ...(labelsMissing && { labels: labelsMissingNote(labelsMissing) }),
  },
});

const idOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'id' in value
    ? (value as { id: unknown }).id
    : value;

/** The owner ids a body names: an id, [id], { id } or { connect: [id] } / { set: [id] }, as Strapi clients send them. */
function ownersNamed(user: unknown): unknown[] {
  if (isRecord(user)) {
    const listed = user.connect ?? user.set;
    if (listed !== undefined) return (Array.isArray(listed) ? listed : [listed]).map(idOf);
  }
  return (Array.isArray(user) ? user : [user]).map(idOf);
}

/** The owner is always whoever creates the todo: a body may name only the caller. */
export function assertNamesOnlyCaller(user: unknown, callerId: number): void {
  if (user === undefined) return;
  const ids = ownersNamed(user);
  const onlyCaller = ids.length === 1 && String(ids[0]) === String(callerId);
  if (!onlyCaller) throw forbidden('A todo can only belong to the signed-in user');
}
