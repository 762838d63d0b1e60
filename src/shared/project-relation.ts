/**
 * A todo's project as a Strapi v4 relation: the body's `data.project` (an id, null for the
 * Inbox, or Strapi's `{ connect }`, `{ set }`, `{ disconnect }`), the list's filter
 * `filters[project][id][$eq|$in|$null|$notNull]` and `populate` (`*`, `project`, `populate[0]=project`,
 * `populate[project][fields][0]=name`). list-query.ts and the todo schemas take these; the server
 * validates with them at entry.
 */
import * as v from 'valibot';
import type { ProjectAttributes } from './api-types';
import { relationFilter, type RelationIdCondition } from './relation-filter';
import { singleRelationField } from './relation-input';

export const PROJECT_RELATION_MESSAGE =
  'project must be a project id, null (the Inbox), or { connect: [id] }, { set: [id] } or { disconnect: [id] }';

/** `data.project` of a todo's POST or PUT: the project's id, or null for the Inbox. */
export const projectRelationField = singleRelationField(
  'a project id of the caller, null for the Inbox, or { connect: [id] } / { set: [id] } / { disconnect: [id] }',
  PROJECT_RELATION_MESSAGE,
);

/**
 * What a write does when the project it names is gone (`?onMissingProject=`): refuse it (400, the
 * default) or put the todo in the Inbox. The offline queue's replays ask for the Inbox, so a todo
 * moved offline to a project deleted meanwhile is never lost.
 */
export const onMissingProjectEntry = v.optional(
  v.pipe(
    v.picklist(['refuse', 'inbox'], 'onMissingProject must be refuse or inbox'),
    v.description(
      'when the project named is not the caller’s live one: refuse (400, the default) or inbox (the todo goes to the Inbox; meta.project says so)',
    ),
  ),
  'refuse',
);

/** meta.project of a write whose project was gone, with onMissingProject=inbox. */
export const PROJECT_MISSING_NOTE = {
  missing: true,
  message: 'The project no longer exists: the todo is in the Inbox',
} as const;

// ---- filters[project] ----

export type ProjectCondition = RelationIdCondition;

/** filters[project][id][…]: every condition given must hold; `$null=true` is the Inbox. */
export const projectFilter = relationFilter(
  {
    relation: 'project',
    noun: 'project id',
    description:
      'filters[project][id][$eq]=3, filters[project][id][$in][0]=3, filters[project][id][$null]=true (the Inbox) or [$notNull]=true',
  },
  'filters[project][id][$eq]=3',
);

// ---- populate (populate-query.ts) ----

export const PROJECT_FIELDS = [
  'name',
  'color',
  'position',
  'archived',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof ProjectAttributes)[];
export type ProjectField = (typeof PROJECT_FIELDS)[number];
