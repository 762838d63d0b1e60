import type { ProjectAttributes, ProjectEntity } from '../../shared/api-types';
import type { ProjectRow } from '../db/types';

const attributesOf = (row: ProjectRow): ProjectAttributes => ({
  name: row.name,
  color: row.color,
  position: row.position,
  archived: Boolean(row.archived),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toProjectEntity = (row: ProjectRow): ProjectEntity => ({
  id: row.id,
  attributes: attributesOf(row),
});

/** A trashed project: the usual attributes plus when it was trashed. */
export const toTrashedProjectEntity = (row: ProjectRow) => ({
  id: row.id,
  attributes: { ...attributesOf(row), deletedAt: row.deleted_at },
});

/** A project as a todo's populated relation shows it: the attributes asked for (all when `fields` is undefined). */
export function toProjectRelation(
  row: ProjectRow | undefined,
  fields: readonly (keyof ProjectAttributes)[] | undefined,
) {
  if (!row) return { data: null };
  const attributes = attributesOf(row);
  return {
    data: {
      id: row.id,
      attributes: fields
        ? Object.fromEntries(fields.map((field) => [field, attributes[field]]))
        : attributes,
    },
  };
}
