/** The query strings of single-todo calls beyond the scope (schemas.ts): populate, and what a write does when its project is gone. */
import * as v from 'valibot';
import { onMissingProjectEntry, populateEntry } from './project-relation';
import { scopeEntry } from './schemas';

/** GET /todos/:id: the relations to add (project-relation.ts). */
export const todoFindQuerySchema = v.object({ populate: populateEntry });

/** POST /todos: what to do when the project named is gone (project-relation.ts). */
export const todoCreateQuerySchema = v.object({ onMissingProject: onMissingProjectEntry });

/** PUT /todos/:id: the scope of a change to an occurrence, and what to do when the project named is gone. */
export const todoUpdateQuerySchema = v.object({
  scope: scopeEntry,
  onMissingProject: onMissingProjectEntry,
});
