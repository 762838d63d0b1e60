import type { LabelAttributes, LabelEntity, LabelsRelation } from '../../shared/api-types';
import type { LabelField } from '../../shared/populate-query';
import type { LabelRow } from '../db/types';

const attributesOf = (row: LabelRow): LabelAttributes => ({
  name: row.name,
  color: row.color,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toLabelEntity = (row: LabelRow): LabelEntity => ({
  id: row.id,
  attributes: attributesOf(row),
});

/** A todo's labels as populate shows them: the attributes asked for (all when `fields` is undefined). */
export function toLabelsRelation(
  rows: LabelRow[],
  fields: readonly LabelField[] | undefined,
): LabelsRelation {
  return {
    data: rows.map((row) => {
      const attributes = attributesOf(row);
      return {
        id: row.id,
        attributes: fields
          ? Object.fromEntries(fields.map((field) => [field, attributes[field]]))
          : attributes,
      };
    }),
  };
}
