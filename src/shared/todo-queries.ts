/**
 * The query strings of single-todo calls beyond the scope (schemas.ts): populate, and what a write
 * does when its project or a label is gone.
 */
import * as v from 'valibot';
import { onMissingLabelEntry } from './label-relation';
import { populateEntry } from './populate-query';
import { onMissingProjectEntry } from './project-relation';
import { scopeEntry } from './schemas';

/** GET /todos/:id: the relations to add (populate-query.ts). */
export const todoFindQuerySchema = v.object({ populate: populateEntry });

/** POST /todos: what to do when the project or a label named is gone. */
export const todoCreateQuerySchema = v.object({
  onMissingProject: onMissingProjectEntry,
  onMissingLabel: onMissingLabelEntry,
});

/** PUT /todos/:id: the scope of a change to an occurrence, and what to do when the project or a label named is gone. */
export const todoUpdateQuerySchema = v.object({
  scope: scopeEntry,
  onMissingProject: onMissingProjectEntry,
  onMissingLabel: onMissingLabelEntry,
});
