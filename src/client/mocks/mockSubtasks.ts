/**
 * The mock API's subtasks, as the server keeps them (README: Subtasks): a row's parent, the list's
 * `filters[parent][id]`, `populate` of `parent` and `subtasks` (fields and one nested level), a
 * parent checked to be the owner's live todo, and the subtrees a delete, a restore and
 * `?subtasks=complete` carry. Not its depth and cycle checks: the SPA never offers those moves.
 */
import type { TodoAttributes, TodoEntity } from '../../shared/api-types';
import type { RelationIdCondition } from '../../shared/relation-filter';
import type { TodoRelationPopulate } from '../../shared/todo-populate';
import { MockFailure } from './mockFailure';

export interface TreeRow {
  ownerId: number;
  todo: TodoEntity;
  deletedAt: string | null;
  parentId: number | null;
}

/** Whether a row's relation id (a project's, a parent's; null for none) meets a filter condition. */
export const meetsRelation = (id: number | null, condition: RelationIdCondition) =>
  condition.op === 'is'
    ? id === null
    : condition.op === 'is not'
      ? id !== null
      : condition.op === '='
        ? id === condition.value
        : id !== null && (condition.value ?? []).includes(id);

const live = (rows: readonly TreeRow[], ownerId: number) =>
  rows.filter((row) => row.ownerId === ownerId && !row.deletedAt);

/** The live direct subtasks in the owner's order (position, then id), as the server lists them. */
const childrenOf = (rows: readonly TreeRow[], row: TreeRow) =>
  live(rows, row.ownerId)
    .filter((child) => child.parentId === row.todo.id)
    .sort(
      (a, b) =>
        (a.todo.attributes.position ?? 0) - (b.todo.attributes.position ?? 0) ||
        a.todo.id - b.todo.id,
    );

/** Every live subtask under a row, at every level. */
export const subtreeOf = (rows: readonly TreeRow[], row: TreeRow): TreeRow[] =>
  childrenOf(rows, row).flatMap((child) => [child, ...subtreeOf(rows, child)]);

/** A todo's labels as populate gives them (the mock's labels say). */
export type LabelsOf = (todoId: number) => NonNullable<TodoAttributes['labels']>;

function related(
  rows: readonly TreeRow[],
  row: TreeRow,
  populate: TodoRelationPopulate,
  name: 'parent' | 'subtasks',
  labelsOf: LabelsOf,
) {
  const { fields, nested, labels } = populate;
  const attributes = (
    fields
      ? Object.fromEntries(fields.map((field) => [field, row.todo.attributes[field]]))
      : { ...row.todo.attributes }
  ) as Partial<TodoAttributes>;
  if (labels) attributes.labels = labelsOf(row.todo.id);
  if (nested) Object.assign(attributes, relationsOf(rows, row, { [name]: nested }, labelsOf));
  return { id: row.todo.id, attributes };
}

/** `attributes.parent` and `attributes.subtasks` as populate asks for them. */
export function relationsOf(
  rows: readonly TreeRow[],
  row: TreeRow,
  populate: { parent?: TodoRelationPopulate; subtasks?: TodoRelationPopulate },
  labelsOf: LabelsOf,
): Pick<TodoAttributes, 'parent' | 'subtasks'> {
  const out: Pick<TodoAttributes, 'parent' | 'subtasks'> = {};
  if (populate.parent) {
    const parent = live(rows, row.ownerId).find((other) => other.todo.id === row.parentId);
    out.parent = {
      data: parent ? related(rows, parent, populate.parent, 'parent', labelsOf) : null,
    };
  }
  if (populate.subtasks)
    out.subtasks = {
      data: childrenOf(rows, row).map((child) =>
        related(rows, child, populate.subtasks!, 'subtasks', labelsOf),
      ),
    };
  return out;
}

/** The parent a body names, checked as the server does: the owner's live todo, or none. */
export function checkParent(rows: readonly TreeRow[], ownerId: number, parent: number | null) {
  if (parent === null || live(rows, ownerId).some((row) => row.todo.id === parent)) return parent;
  const message = `parent ${parent} does not exist`;
  throw new MockFailure(400, 'ValidationError', message, [
    { path: ['parent'], message, name: 'ValidationError' },
  ]);
}

/** The subtasks trashed with a trashed row (at its very time), at every level. */
export const trashedWith = <R extends TreeRow>(rows: readonly R[], row: R): R[] =>
  rows
    .filter((child) => child.parentId === row.todo.id && child.deletedAt === row.deletedAt)
    .flatMap((child) => [child, ...trashedWith(rows, child)]);
