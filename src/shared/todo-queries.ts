/**
 * The query strings of single-todo calls beyond the scope (schemas.ts): populate, what a write does
 * when its project or parent is gone, and what completing a todo does to its subtasks.
 */
import * as v from 'valibot';
import { onMissingParentEntry, subtasksEntry } from './parent-relation';
import { onMissingProjectEntry, populateEntry } from './project-relation';
import { scopeEntry } from './schemas';

/** GET /todos/:id: the relations to add (project-relation.ts). */
export const todoFindQuerySchema = v.object({ populate: populateEntry });

/** POST /todos: what to do when the project or the parent named is gone. */
export const todoCreateQuerySchema = v.object({
  onMissingProject: onMissingProjectEntry,
  onMissingParent: onMissingParentEntry,
});

/**
 * PUT /todos/:id: the scope of a change to an occurrence, what to do when the project or the parent
 * named is gone, and whether a completion completes the open subtasks too.
 */
export const todoUpdateQuerySchema = v.object({
  scope: scopeEntry,
  onMissingProject: onMissingProjectEntry,
  onMissingParent: onMissingParentEntry,
  subtasks: subtasksEntry,
});
