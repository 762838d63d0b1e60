/**
 * filters[<relation>][id][…] in Strapi's bracket syntax, the same for every relation of a todo
 * (project, parent, labels): `$eq`, `$in`, `$null` and `$notNull` on the related id, with messages
 * that name the relation. What each condition means is the relation's own (the Inbox, the roots,
 * no label).
 */
import * as v from 'valibot';
import { asEqualsOperator, bracketObject, isRecord, queryBoolean } from './qs-object';
import { LARGEST_ID } from './ids';

/** A condition on a single relation's id; every one given must hold. */
export type RelationIdCondition =
  { op: '='; value: number } | { op: 'in'; value: number[] } | { op: 'is' | 'is not'; value: null };

export interface RelationIdText {
  /** The relation's key in the query: `project`. */
  relation: string;
  /** What an id names, in messages: `project id`. */
  noun: string;
  /** The OpenAPI description of filters[<relation>][id]. */
  description: string;
  /** Most ids `$in` may list (none: no limit). */
  maxIn?: number;
}

/** A value, or the values of an array or of an object indexed `[0]`, `[1]`… */
export const listOf = (raw: unknown): unknown[] =>
  Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [raw];

const idOperand = (relation: string, noun: string, operator: string) => {
  const message = `filters.${relation}.id.${operator} must be a ${noun}`;
  return v.pipe(
    v.unknown(),
    v.check((raw) => typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw), message),
    v.transform(Number),
    v.maxValue(LARGEST_ID, message),
  );
};

/** filters[<relation>][id]: its operators as given. */
// Annotated as valibot's own functions are, so a bundle that never uses a filter drops it (the
// login page imports the todo schemas, whose relation modules also hold the list's filters).
/* @__NO_SIDE_EFFECTS__ */
export function relationIdFilter({ relation, noun, description, maxIn }: RelationIdText) {
  const path = `filters.${relation}.id`;
  const inList = v.pipe(
    v.unknown(),
    v.transform(listOf),
    v.array(idOperand(relation, noun, '$in')),
    v.minLength(1, `${path}.$in must list at least one ${noun}`),
    v.maxLength(
      maxIn ?? Number.MAX_SAFE_INTEGER,
      `${path}.$in must list at most ${maxIn} ${noun}s`,
    ),
  );
  return v.pipe(
    v.unknown(),
    v.description(description),
    asEqualsOperator,
    bracketObject(
      {
        $eq: v.optional(idOperand(relation, noun, '$eq')),
        $in: v.optional(inList),
        $null: v.optional(queryBoolean(`${path}.$null must be true or false`)),
        $notNull: v.optional(queryBoolean(`${path}.$notNull must be true or false`)),
      },
      (operator) =>
        `${path}.${operator} is not a supported operator (use $eq, $in, $null or $notNull)`,
      `${path} must be an object such as filters[${relation}][id][$eq]=3`,
    ),
  );
}

/** filters[<relation>][id][…] of a single relation, as conditions on its id. */
/* @__NO_SIDE_EFFECTS__ */
export function relationFilter(text: RelationIdText, example: string) {
  return v.pipe(
    bracketObject(
      { id: v.optional(relationIdFilter(text), {}) },
      (key) => `filters.${text.relation}.${key} is not a filterable field (use id)`,
      `filters.${text.relation} must be an object such as ${example}`,
    ),
    v.transform(({ id: { $eq, $in, $null, $notNull } }): RelationIdCondition[] => [
      ...($eq !== undefined ? [{ op: '=' as const, value: $eq }] : []),
      ...($in !== undefined ? [{ op: 'in' as const, value: $in }] : []),
      ...[
        [$null, true],
        [$notNull, false],
      ]
        .filter(([value]) => value !== undefined)
        .map(([value, meansNull]): RelationIdCondition => ({
          op: value === meansNull ? 'is' : 'is not',
          value: null,
        })),
    ]),
  );
}
