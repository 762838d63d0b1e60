/**
 * A todo's labels as a Strapi v4 relation: the body's `data.labels` (a list of ids or `{ id }`,
 * replacing the todo's labels, or `{ connect, disconnect }` / `{ set }`), what a write does when a
 * label is gone (`?onMissingLabel=`), and the list's filters `filters[labels][id][…]` and
 * `filters[labels][name][…]`. populate is populate-query.ts's. The server validates with these.
 */
import * as v from 'valibot';
import { isId } from './ids';
import { listOf, relationIdFilter } from './relation-filter';
import { idOf } from './relation-input';
import { asEqualsOperator, bracketObject, isRecord } from './qs-object';

/** Most labels one todo may carry. */
export const MAX_LABELS_PER_TODO = 50;

/** What a write does to a todo's labels: replace them all (`set`), or add and remove some. */
export type LabelsChange = { set: number[] } | { connect: number[]; disconnect: number[] };

export const LABELS_RELATION_MESSAGE =
  'labels must be a list of label ids, or { connect: [id], disconnect: [id] } or { set: [id] }';
export const TOO_MANY_LABELS_MESSAGE = `A todo may have at most ${MAX_LABELS_PER_TODO} labels`;

/** Distinct ids of a relation list, or undefined when one is not an id. */
function idsOf(raw: unknown): number[] | undefined {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const ids = list.map(idOf);
  return ids.every(isId) ? [...new Set(ids)] : undefined;
}

/** The change a body names, or a message saying what is wrong with it. */
function namedLabels(raw: unknown): LabelsChange | string {
  if (raw === null) return { set: [] };
  if (Array.isArray(raw) || isId(raw) || (isRecord(raw) && Object.keys(raw).join() === 'id')) {
    const set = idsOf(raw);
    return set ? { set } : LABELS_RELATION_MESSAGE;
  }
  if (!isRecord(raw)) return LABELS_RELATION_MESSAGE;
  const keys = Object.keys(raw);
  if (keys.length === 0 || !keys.every((key) => ['connect', 'set', 'disconnect'].includes(key)))
    return LABELS_RELATION_MESSAGE;
  if ('set' in raw) {
    if (keys.length > 1) return 'labels takes set alone, or connect and disconnect';
    const set = idsOf(raw.set);
    return set ? { set } : LABELS_RELATION_MESSAGE;
  }
  const connect = idsOf(raw.connect);
  const disconnect = idsOf(raw.disconnect);
  return connect && disconnect ? { connect, disconnect } : LABELS_RELATION_MESSAGE;
}

const listed = (change: LabelsChange) => ('set' in change ? change.set : change.connect);

/** `data.labels` of a todo's POST or PUT. */
export const labelsRelationField = v.pipe(
  v.unknown(),
  v.description(
    `label ids of the caller: [1, 2] (or [{ id: 1 }]) replaces the todo's labels; { connect: [id], disconnect: [id] } adds and removes; { set: [id] } replaces; at most ${MAX_LABELS_PER_TODO}`,
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const change = namedLabels(dataset.value);
    if (typeof change === 'string') {
      addIssue({ message: change });
      return NEVER;
    }
    if (listed(change).length > MAX_LABELS_PER_TODO) {
      addIssue({ message: TOO_MANY_LABELS_MESSAGE });
      return NEVER;
    }
    return change;
  }),
);

/**
 * What a write does when a label it names is gone (`?onMissingLabel=`): refuse it (400, the
 * default) or drop that label. The offline queue's replays drop, so a todo labelled offline with a
 * label deleted meanwhile is saved without it, never lost.
 */
export const onMissingLabelEntry = v.optional(
  v.pipe(
    v.picklist(['refuse', 'drop'], 'onMissingLabel must be refuse or drop'),
    v.description(
      'when a label named is not the caller’s: refuse (400, the default) or drop (the todo is saved without it; meta.labels says so)',
    ),
  ),
  'refuse',
);
export type MissingLabel = 'refuse' | 'drop';

/** meta.labels of a write that dropped labels, with onMissingLabel=drop. */
export const labelsMissingNote = (ids: number[]) => ({
  missing: ids,
  message: 'Some labels no longer exist: the todo was saved without them',
});

// ---- filters[labels] ----

/** A condition on a todo's labels; every one given must hold. */
export type LabelCondition =
  | { kind: 'id'; ids: number[] }
  | { kind: 'none' }
  | { kind: 'any' }
  /** `exact`: names as written ($eq, $in); otherwise any case ($eqi). */
  | { kind: 'name'; names: string[]; exact: boolean };

const idFilter = relationIdFilter({
  relation: 'labels',
  noun: 'label id',
  description:
    'filters[labels][id][$eq]=3, filters[labels][id][$in][0]=3 (any of them), filters[labels][id][$null]=true (no label) or [$notNull]=true',
  maxIn: 100,
});

const nameOperand = (operator: string) => {
  const message = `filters.labels.name.${operator} must be a label name`;
  return v.pipe(
    v.string(message),
    v.maxLength(1000, `filters.labels.name.${operator} must be at most 1000 characters`),
    v.check(
      (text) => !text.includes('\u0000'),
      `filters.labels.name.${operator} must not contain the NUL character`,
    ),
  );
};

const nameFilter = v.pipe(
  v.unknown(),
  v.description(
    'filters[labels][name][$eq]=home (as written), [$eqi]=Home (any case), [$in][0]=home (any of them, as written)',
  ),
  asEqualsOperator,
  bracketObject(
    {
      $eq: v.optional(nameOperand('$eq')),
      $eqi: v.optional(nameOperand('$eqi')),
      $in: v.optional(
        v.pipe(
          v.unknown(),
          v.transform(listOf),
          v.array(nameOperand('$in')),
          v.minLength(1, 'filters.labels.name.$in must list at least one name'),
          v.maxLength(100, 'filters.labels.name.$in must list at most 100 names'),
        ),
      ),
    },
    (operator) =>
      `filters.labels.name.${operator} is not a supported operator (use $eq, $eqi or $in)`,
    'filters.labels.name must be an object such as filters[labels][name][$eq]=home',
  ),
);

/** filters[labels][id|name][…]: a todo matches when it has a label meeting each condition. */
export const labelFilter = v.pipe(
  bracketObject(
    { id: v.optional(idFilter, {}), name: v.optional(nameFilter, {}) },
    (key) => `filters.labels.${key} is not a filterable field (use id or name)`,
    'filters.labels must be an object such as filters[labels][id][$eq]=3',
  ),
  v.transform(({ id, name }): LabelCondition[] => {
    const conditions: LabelCondition[] = [];
    if (id.$eq !== undefined) conditions.push({ kind: 'id', ids: [id.$eq] });
    if (id.$in !== undefined) conditions.push({ kind: 'id', ids: [...new Set(id.$in)] });
    if (id.$null !== undefined) conditions.push({ kind: id.$null ? 'none' : 'any' });
    if (id.$notNull !== undefined) conditions.push({ kind: id.$notNull ? 'any' : 'none' });
    if (name.$eq !== undefined) conditions.push({ kind: 'name', names: [name.$eq], exact: true });
    if (name.$eqi !== undefined)
      conditions.push({ kind: 'name', names: [name.$eqi], exact: false });
    if (name.$in !== undefined)
      conditions.push({ kind: 'name', names: [...new Set(name.$in)], exact: true });
    return conditions;
  }),
);
