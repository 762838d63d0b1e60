/**
 * A todo's priority: an integer, 0 none (the default), 1 low, 2 medium, 3 high, so that
 * sorting by it descending puts high first. Bodies take it as a JSON number; list filters take it
 * in Strapi's bracket syntax (`filters[priority][$gte]=2`, `filters[priority][$in][0]=3`).
 */
import * as v from 'valibot';
import { asEqualsOperator, bracketObject, isRecord } from './qs-object';

export const PRIORITIES = [0, 1, 2, 3] as const;
export type Priority = (typeof PRIORITIES)[number];
export const NO_PRIORITY: Priority = 0;

export const PRIORITY_MESSAGE = 'priority must be 0 (none), 1 (low), 2 (medium) or 3 (high)';

const isPriority = (value: unknown): value is Priority =>
  typeof value === 'number' && (PRIORITIES as readonly number[]).includes(value);

/** A body's priority: one of the four integers, one issue otherwise; null, 1.5, "high" or 4 are refused (there is no "unset": that is 0). */
export const priorityField = v.pipe(
  v.picklist(PRIORITIES, PRIORITY_MESSAGE),
  v.description('0 none (the default), 1 low, 2 medium, 3 high'),
);

/** An operand as the query string writes it ("2"); a number is taken too (a client passing objects). */
const operand = (operator: string) => {
  const message = `filters.priority.${operator} must be 0, 1, 2 or 3`;
  return v.pipe(
    v.unknown(),
    v.check((raw) => isPriority(raw) || (typeof raw === 'string' && /^[0-3]$/.test(raw)), message),
    v.transform((raw) => Number(raw) as Priority),
  );
};

/** $in and $notIn take a list (`[$in][0]=2&[$in][1]=3`) or a single value. */
const operands = (operator: string) =>
  v.pipe(
    v.unknown(),
    v.transform((raw) => (Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [raw])),
    v.array(operand(operator)),
    v.minLength(1, `filters.priority.${operator} must list at least one priority`),
  );

const COMPARISONS = {
  $eq: '=',
  $ne: '<>',
  $lt: '<',
  $lte: '<=',
  $gt: '>',
  $gte: '>=',
} as const;
type Comparison = keyof typeof COMPARISONS;
export type PriorityOperator = Comparison | '$in' | '$notIn';

export type PriorityCondition =
  | { op: (typeof COMPARISONS)[Comparison]; value: Priority }
  | { op: 'in' | 'not in'; value: Priority[] };

const OPERATOR_LIST = '$eq, $ne, $lt, $lte, $gt, $gte, $in or $notIn';

/** filters[priority][…]: every condition given must hold; `filters[priority]=3` reads as $eq. */
export const priorityFilter = v.pipe(
  v.unknown(),
  v.description(
    'filters[priority][$eq|$ne|$lt|$lte|$gt|$gte]=0..3, filters[priority][$in|$notIn][0]=0..3 (0 none, 1 low, 2 medium, 3 high)',
  ),
  asEqualsOperator,
  bracketObject(
    {
      $eq: v.optional(operand('$eq')),
      $ne: v.optional(operand('$ne')),
      $lt: v.optional(operand('$lt')),
      $lte: v.optional(operand('$lte')),
      $gt: v.optional(operand('$gt')),
      $gte: v.optional(operand('$gte')),
      $in: v.optional(operands('$in')),
      $notIn: v.optional(operands('$notIn')),
    },
    (operator) => `filters.priority.${operator} is not a supported operator (use ${OPERATOR_LIST})`,
    'filters.priority must be an object such as filters[priority][$gte]=2',
  ),
  v.transform(({ $in, $notIn, ...comparisons }): PriorityCondition[] => [
    ...Object.entries(comparisons)
      .filter((entry): entry is [Comparison, Priority] => entry[1] !== undefined)
      .map(([operator, value]) => ({ op: COMPARISONS[operator], value })),
    ...($in ? [{ op: 'in' as const, value: $in }] : []),
    ...($notIn ? [{ op: 'not in' as const, value: $notIn }] : []),
  ]),
);

/** Whether a priority meets a condition: the mock API's reading of what the server's SQL does. */
export function meetsPriority(priority: number, condition: PriorityCondition): boolean {
  switch (condition.op) {
    case 'in':
      return condition.value.includes(priority as Priority);
    case 'not in':
      return !condition.value.includes(priority as Priority);
    case '=':
      return priority === condition.value;
    case '<>':
      return priority !== condition.value;
    case '<':
      return priority < condition.value;
    case '<=':
      return priority <= condition.value;
    case '>':
      return priority > condition.value;
    case '>=':
      return priority >= condition.value;
  }
}
