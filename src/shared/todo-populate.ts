/**
 * populate of a todo's relations to other todos, as Strapi v4 writes it: `parent` (its parent todo,
 * `{ data: { id, attributes } }` or `{ data: null }` for a root) and `subtasks` (its direct children,
 * `{ data: [...] }`, by position, then id). Each takes `fields` and may nest the same relation again, up to
 * the depth limit: `populate[subtasks][populate][subtasks]=*` gives a root's subtree, one query a
 * level. Subtasks may carry their labels too (`populate[subtasks][populate][labels]=true`), so that a
 * tree's rows show their chips from the same request. populate-query.ts's populateEntry reads these
 * keys with `todoRelationPopulate`.
 */
import * as v from 'valibot';
import type { TodoAttributes } from './api-types';
import { labelsPopulate, type LabelsPopulate } from './label-populate';
import { MAX_DEPTH } from './parent-relation';
import { bracketObject, isRecord } from './qs-object';

export const TODO_FIELDS = [
  'title',
  'description',
  'completed',
  'createdAt',
  'updatedAt',
  'dueDate',
  'remindAt',
  'recurrence',
  'seriesId',
  'priority',
  'position',
] as const satisfies readonly (keyof TodoAttributes)[];
export type TodoField = (typeof TODO_FIELDS)[number];

export type TodoRelationName = 'parent' | 'subtasks';

/**
 * One relation to populate: the attributes asked (undefined: all), the same relation of those todos,
 * and (subtasks only) their labels.
 */
export interface TodoRelationPopulate {
  fields?: TodoField[];
  nested?: TodoRelationPopulate;
  labels?: LabelsPopulate;
}

/** What a relation's nested populate may name besides the relation itself. */
const alsoNamed = (name: TodoRelationName) => (name === 'subtasks' ? ['labels'] : []);
const mayName = (name: TodoRelationName) => [name, ...alsoNamed(name)].join(' or ');

/** How many times a relation may be followed from a todo: from a root, its subtasks and theirs. */
const MAX_NESTING = MAX_DEPTH - 1;

const fieldsOf = (path: string) =>
  v.pipe(
    v.unknown(),
    v.transform((raw) =>
      typeof raw === 'string' ? raw.split(',') : isRecord(raw) ? Object.values(raw) : raw,
    ),
    v.array(
      v.picklist(
        TODO_FIELDS,
        `${path}.fields must name fields of a todo (${TODO_FIELDS.join(', ')})`,
      ),
      `${path}.fields must list fields such as ${path}[fields][0]=title`,
    ),
  );

type Parsed = { value: TodoRelationPopulate } | { message: string };

/**
 * What `populate[name]` (or its nested `populate`) asks for a relation `name` at `path`, followed
 * `level` times already: true or *, or `{ fields, populate }` where populate names `name` again.
 */
export function todoRelationPopulate(
  name: TodoRelationName,
  raw: unknown,
  path = `populate.${name}`,
  level = 1,
): Parsed {
  if (level > MAX_NESTING)
    return {
      message: `${path} nests ${name} too deep: at most ${MAX_NESTING} levels (todos are at most ${MAX_DEPTH} deep)`,
    };
  if (raw === 'true' || raw === '*') return { value: {} };
  const shape = bracketObject(
    { fields: v.optional(fieldsOf(path)), populate: v.optional(v.unknown()) },
    (key) => `${path}.${key} is not supported (use fields or populate)`,
    `${path} must be true or an object such as ${path.replace(/\.(\w+)/g, '[$1]')}[fields][0]=title`,
  );
  const parsed = v.safeParse(shape, raw);
  if (!parsed.success) return { message: parsed.issues[0].message };
  const { fields, populate } = parsed.output;
  if (populate === undefined) return { value: { fields } };
  const inner = `${path}.populate`;
  const named =
    typeof populate === 'string'
      ? populate.split(',').map((item) => item.trim())
      : Array.isArray(populate)
        ? populate
        : undefined;
  if (named) {
    const ok = named.every(
      (item) => item === name || item === '*' || alsoNamed(name).includes(item),
    );
    if (!ok) return { message: `${inner} may name ${mayName(name)} only` };
    const nests = named.some((item) => item === name || item === '*');
    return withNested(
      fields,
      nests ? todoRelationPopulate(name, '*', `${inner}.${name}`, level + 1) : undefined,
      named.includes('labels') ? { value: {} } : undefined,
    );
  }
  const keys = isRecord(populate) ? Object.keys(populate) : [];
  const allowed = [name, ...alsoNamed(name)];
  if (keys.length === 0 || !keys.every((key) => allowed.includes(key)))
    return { message: `${inner} may name ${mayName(name)} only, e.g. ${inner}[${name}]=*` };
  const record = populate as Record<string, unknown>;
  return withNested(
    fields,
    name in record
      ? todoRelationPopulate(name, record[name], `${inner}.${name}`, level + 1)
      : undefined,
    'labels' in record ? labelsPopulate(record.labels, `${inner}.labels`) : undefined,
  );
}

/** The relation with its fields, nested level and labels, or the first message among them. */
function withNested(
  fields: TodoField[] | undefined,
  nested: Parsed | undefined,
  labels: { value: LabelsPopulate } | { message: string } | undefined,
): Parsed {
  if (nested && 'message' in nested) return nested;
  if (labels && 'message' in labels) return labels;
  return {
    value: {
      fields,
      ...(nested && { nested: nested.value }),
      ...(labels && { labels: labels.value }),
    },
  };
}
