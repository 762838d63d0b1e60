/**
 * populate of a todo's relations to other todos, as Strapi v4 writes it: `parent` (its parent todo,
 * `{ data: { id, attributes } }` or `{ data: null }` for a root) and `subtasks` (its direct children,
 * `{ data: [...] }`, by position, then id). Each takes `fields` and may nest the same relation again, up to
 * the depth limit: `populate[subtasks][populate][subtasks]=*` gives a root's subtree, one query a
 * level. populate-query.ts's populateEntry reads these keys with `todoRelationPopulate`.
 */
import * as v from 'valibot';
import type { TodoAttributes } from './api-types';
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

/** One relation to populate: the attributes asked (undefined: all), and the same relation of those todos. */
export interface TodoRelationPopulate {
  fields?: TodoField[];
  nested?: TodoRelationPopulate;
}

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
    const ok = named.every((item) => item === name || item === '*');
    if (!ok) return { message: `${inner} may name ${name} only` };
    return withNested(fields, todoRelationPopulate(name, '*', `${inner}.${name}`, level + 1));
  }
  const keys = isRecord(populate) ? Object.keys(populate) : [];
  if (keys.length !== 1 || keys[0] !== name)
    return { message: `${inner} may name ${name} only, e.g. ${inner}[${name}]=*` };
  return withNested(
    fields,
    todoRelationPopulate(
      name,
      (populate as Record<string, unknown>)[name],
      `${inner}.${name}`,
      level + 1,
    ),
  );
}

const withNested = (fields: TodoField[] | undefined, nested: Parsed): Parsed =>
  'message' in nested ? nested : { value: { fields, nested: nested.value } };
