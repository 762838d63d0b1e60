/**
 * The query strings of single-todo calls beyond the scope (schemas.ts): populate, what a write does
 * when its project, parent or a label is gone, and what completing a todo does to its subtasks.
 */
import * as v from 'valibot';
import { onMissingLabelEntry } from './label-relation';
import { onMissingParentEntry, subtasksEntry } from './parent-relation';
import { populateEntry } from './populate-query';
import { onMissingProjectEntry } from './project-relation';
import { scopeEntry } from './schemas';

/** GET /todos/:id: the relations to add (populate-query.ts). */
export const todoFindQuerySchema = v.object({ populate: populateEntry });

/** POST /todos: what to do when the project, the parent or a label named is gone. */
export const todoCreateQuerySchema = v.object({
  onMissingProject: onMissingProjectEntry,
  onMissingParent: onMissingParentEntry,
  onMissingLabel: onMissingLabelEntry,
});

/**
 * PUT /todos/:id: the scope of a change to an occurrence, what to do when the project, the parent or
 * a label named is gone, and whether a completion completes the open subtasks too.
 */
export const todoUpdateQuerySchema = v.object({
  scope: scopeEntry,
  onMissingProject: onMissingProjectEntry,
  onMissingParent: onMissingParentEntry,
  onMissingLabel: onMissingLabelEntry,
  subtasks: subtasksEntry,
});
