/**
 * populate of a todo's labels, at the top (`populate[labels][fields][0]=name`) or inside its nested
 * subtasks (`populate[subtasks][populate][labels]=true`): true or *, or an object of fields only.
 * Apart from populate-query.ts so that todo-populate.ts reads it too without an import cycle.
 */
import * as v from 'valibot';
import type { LabelAttributes } from './api-types';
import { bracketObject, isRecord } from './qs-object';

export const LABEL_FIELDS = [
  'name',
  'color',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof LabelAttributes)[];
export type LabelField = (typeof LABEL_FIELDS)[number];

export interface LabelsPopulate {
  fields?: LabelField[];
}

/** The schema of `populate[labels]` as an object at `path` (`populate.labels`, or nested deeper). */
/* @__NO_SIDE_EFFECTS__ */
function labelsObject(path: string) {
  const example = `${path.replace(/\.(\w+)/g, '[$1]')}[fields][0]=name`;
  return bracketObject(
    {
      fields: v.optional(
        v.pipe(
          v.unknown(),
          v.transform((raw) =>
            typeof raw === 'string' ? raw.split(',') : isRecord(raw) ? Object.values(raw) : raw,
          ),
          v.array(
            v.picklist(
              LABEL_FIELDS,
              `${path}.fields must name fields of a label (${LABEL_FIELDS.join(', ')})`,
            ),
            `${path}.fields must list fields such as ${example}`,
          ),
        ),
      ),
    },
    (key) => `${path}.${key} is not supported (use fields)`,
    `${path} must be true or an object such as ${example}`,
  );
}

/** What `populate[labels]` at `path` asks for, or a message saying what is wrong with it. */
export function labelsPopulate(
  raw: unknown,
  path = 'populate.labels',
): { value: LabelsPopulate } | { message: string } {
  if (raw === 'true' || raw === '*') return { value: {} };
  const parsed = v.safeParse(labelsObject(path), raw);
  return parsed.success ? { value: parsed.output } : { message: parsed.issues[0].message };
}
