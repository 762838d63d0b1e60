/**
 * The whole order after a drag: the shown (not archived) projects in their new order, put back
 * into the slots they held among all the projects, so archived ones keep their places. Positions
 * are then 0, 1, 2, … in that order (projectsApi writes only those that change).
 */
import { arrayMove } from '@dnd-kit/sortable';
import type { ProjectEntity } from '../../shared/api-types';
import { intoSlots } from '../lib/reorder';

export function moveProject(
  all: readonly ProjectEntity[],
  shown: readonly ProjectEntity[],
  from: number,
  to: number,
): ProjectEntity[] {
  if (!shown[from]) return [...all];
  return intoSlots(all, arrayMove([...shown], from, to), (slot) => !slot.attributes.archived);
}
