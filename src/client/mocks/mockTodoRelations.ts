/**
 * What the mock API's todos check and attach as the server does: the owner a body may name, the
 * project it may name (the owner's live one, or the Inbox), and the relations `populate` asks for.
 */
import type { TodoEntity } from '../../shared/api-types';
import type { MockListQuery } from './listQuery';
import { MockFailure } from './mockFailure';
import type { MockLabels } from './mockLabels';
import type { MockProjects } from './mockProjects';
import { relationsOf } from './mockSubtasks';
import type { ProjectRow } from './mockTodoProjects';

export const asData = (body: unknown) => (body as { data?: unknown } | null)?.data;

/** A create or update body may name its owner (Strapi's `user`): only the caller, as an id or `[id]`. */
export function checkOwner(ownerId: number, user: unknown): void {
  if (user === undefined || user === ownerId) return;
  if (Array.isArray(user) && user.length === 1 && user[0] === ownerId) return;
  throw new MockFailure(403, 'ForbiddenError', 'Forbidden');
}

/** The project a body names, checked as the server does: the owner's live one, or the Inbox. */
export function checkProject(
  projects: MockProjects | undefined,
  ownerId: number,
  project: number | null,
): number | null {
  if (project === null || projects?.find(ownerId, project)) return project;
  const message = `project ${project} does not exist`;
  throw new MockFailure(400, 'ValidationError', message, [
    { path: ['project'], message, name: 'ValidationError' },
  ]);
}

/** A todo with its project, labels, parent and subtasks as `populate` asks for them. */
export function populatedTodo(
  rows: ProjectRow[],
  row: ProjectRow,
  populate: MockListQuery['populate'],
  projects: MockProjects | undefined,
  labels: MockLabels | undefined,
): TodoEntity {
  const { ownerId, todo, projectId } = row;
  const labelsOf = (id: number) => labels?.relation(ownerId, id) ?? { data: [] };
  const attributes = { ...todo.attributes, ...relationsOf(rows, row, populate, labelsOf) };
  if (populate.project) {
    const project = projectId === null ? undefined : projects?.find(ownerId, projectId);
    const data = project ? { id: projectId!, attributes: project.project.attributes } : null;
    attributes.project = { data };
  }
  if (populate.labels) attributes.labels = labelsOf(todo.id);
  return { ...todo, attributes };
}
