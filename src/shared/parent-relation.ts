/**
 * A todo's parent as a Strapi v4 relation (subtasks): the body's `data.parent` (an id, null for a
 * root, or Strapi's `{ connect }`, `{ set }`, `{ disconnect }`, as `data.project` takes), the list's
 * filter `filters[parent][id][$eq|$in|$null|$notNull]`, and the query parameters of writes that touch
 * a subtree. populate of `parent` and `subtasks`: todo-populate.ts. The server validates with these.
 */
import * as v from 'valibot';
import { relationFilter, type RelationIdCondition } from './relation-filter';
import { singleRelationField } from './relation-input';

/** A root, its subtasks and theirs: no todo sits deeper. */
export const MAX_DEPTH = 3;

export const PARENT_RELATION_MESSAGE =
  'parent must be a todo id, null (no parent), or { connect: [id] }, { set: [id] } or { disconnect: [id] }';

/** `data.parent` of a todo's POST or PUT: the parent todo's id, or null for a root. */
export const parentRelationField = singleRelationField(
  'a todo id of the caller (the todo becomes its subtask, in its project), null for a root, or { connect: [id] } / { set: [id] } / { disconnect: [id] }',
  PARENT_RELATION_MESSAGE,
);

/**
 * What a write does when the parent it names is gone (`?onMissingParent=`): refuse it (400, the
 * default) or make the todo a root. The offline queue's replays ask for a root, so a subtask added
 * offline under a todo deleted meanwhile is never lost.
 */
export const onMissingParentEntry = v.optional(
  v.pipe(
    v.picklist(['refuse', 'root'], 'onMissingParent must be refuse or root'),
    v.description(
      'when the parent named is not the caller’s live todo: refuse (400, the default) or root (the todo has no parent; meta.parent says so)',
    ),
  ),
  'refuse',
);
export type MissingParent = 'refuse' | 'root';

/** meta.parent of a write whose parent was gone, with onMissingParent=root. */
export const PARENT_MISSING_NOTE = {
  missing: true,
  message: 'The parent todo no longer exists: the todo has no parent',
} as const;

/** `?subtasks=` of PUT: what completing a todo does to its open subtasks. */
export const SUBTASK_COMPLETIONS = ['leave', 'complete'] as const;
export type SubtaskCompletion = (typeof SUBTASK_COMPLETIONS)[number];

export const subtasksEntry = v.optional(
  v.pipe(
    v.picklist(SUBTASK_COMPLETIONS, 'subtasks must be leave or complete'),
    v.description(
      'with completed: true, complete (also completes the open subtasks of the whole subtree, in the same transaction; meta.subtasks.completed says how many) or leave (the default)',
    ),
  ),
  'leave',
);

// ---- filters[parent] ----

export type ParentCondition = RelationIdCondition;

/** filters[parent][id][…]: every condition given must hold; `$null=true` is the roots. */
export const parentFilter = relationFilter(
  {
    relation: 'parent',
    noun: 'todo id',
    description:
      'filters[parent][id][$eq]=3 (its subtasks), filters[parent][id][$in][0]=3, filters[parent][id][$null]=true (roots) or [$notNull]=true (subtasks)',
  },
  'filters[parent][id][$null]=true',
);
