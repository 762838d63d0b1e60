/**
 * The whole order after a drag: the shown (not archived) projects in their new order, put back
 * into the slots they held among all the projects, so archived ones keep their places. Positions
 * are then 0, 1, 2, … in that order (projectsApi writes only those that change).
 */
import type { ProjectEntity } from '../../shared/api-types';

export function moveProject(
  all: readonly ProjectEntity[],
  shown: readonly ProjectEntity[],
  from: number,
  to: number,
): ProjectEntity[] {
  const moved = [...shown];
  const [project] = moved.splice(from, 1);
  if (!project) return [...all];
  moved.splice(to, 0, project);
  const queue = moved[Symbol.iterator]();
  return all.map((slot) => (slot.attributes.archived ? slot : queue.next().value!));
}
