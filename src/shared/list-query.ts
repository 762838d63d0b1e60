/**
 * The todo list's query in Strapi v4's bracket syntax, as qs parses it: pagination, filters on the
 * title, the completion, the due date, the priority (priority.ts), the project (project-relation.ts),
 * the parent (parent-relation.ts) and the labels (label-relation.ts),
 * the sort, and populate. The server validates with it and reads a
 * typed ListQuery; the client writes what it reads with `listSearchParams` (list-request.ts).
 * Anything not understood is a 400, never the wrong rows.
 */
import * as v from 'valibot';
import { isCalendarDate } from './dates';
import { listPaginationEntry, type Pagination } from './list-pagination';
import { SORT_FIELDS, type DateOperator, type SortField } from './list-request';
import { labelFilter, type LabelCondition } from './label-relation';
import { parentFilter, type ParentCondition } from './parent-relation';
import { priorityFilter, type PriorityCondition } from './priority';
import { populateEntry, type Populate } from './populate-query';
import { projectFilter, type ProjectCondition } from './project-relation';
import { asEqualsOperator, bracketObject, queryBoolean } from './qs-object';
import { sortSchemaOf, type SortKeyOf } from './sort-query';

export type SortKey = SortKeyOf<SortField>;

const DATE_OPERATORS = {
  $eq: '=',
  $lt: '<',
  $lte: '<=',
  $gt: '>',
  $gte: '>=',
} as const satisfies Record<DateOperator, string>;
export type DueDateCondition =
  { op: (typeof DATE_OPERATORS)[DateOperator]; date: string } | { op: 'is' | 'is not'; date: null };

export interface ListQuery {
  pagination: Pagination;
  /** Substrings the title must contain, case-insensitively (all of them). */
  titleContains: string[];
  completed: boolean | undefined;
  /** Conditions on the due date, all of which must hold. */
  dueDate: DueDateCondition[];
  /** Conditions on the priority, all of which must hold. */
  priority: PriorityCondition[];
  /** Conditions on the project (project-relation.ts), all of which must hold; `is null`: the Inbox. */
  project: ProjectCondition[];
  /** Conditions on the parent (parent-relation.ts), all of which must hold; `is null`: the roots. */
  parent?: ParentCondition[];
  /** Conditions on the labels (label-relation.ts), all of which must hold. */
  labels: LabelCondition[];
  sort: SortKey[];
  /** The relations to add to each todo (populate-query.ts). */
  populate: Populate;
}

const MAX_SEARCH_LENGTH = 1000;

const needle = (operator: string) =>
  v.optional(
    v.pipe(
      v.string(`filters.title.${operator} must be a single text value`),
      v.maxLength(
        MAX_SEARCH_LENGTH,
        `filters.title.${operator} must be at most ${MAX_SEARCH_LENGTH} characters`,
      ),
      // PostgreSQL text cannot hold NUL (a query with one fails): no title contains it anyway.
      v.check(
        (text) => !text.includes('\u0000'),
        `filters.title.${operator} must not contain the NUL character`,
      ),
    ),
  );

const titleFilter = v.pipe(
  bracketObject(
    { $contains: needle('$contains'), $containsi: needle('$containsi') },
    (operator) =>
      `filters.title.${operator} is not a supported operator (use $contains or $containsi)`,
    'filters.title takes $contains or $containsi, e.g. filters[title][$contains]=milk',
  ),
  v.transform(({ $contains, $containsi }) =>
    [$contains, $containsi].filter((text): text is string => !!text),
  ),
);

const completedFilter = v.pipe(
  v.unknown(),
  v.description('filters[completed][$eq]=true|false (or filters[completed]=true|false)'),
  asEqualsOperator,
  bracketObject(
    { $eq: v.optional(queryBoolean('filters.completed.$eq must be true or false')) },
    (operator) => `filters.completed.${operator} is not a supported operator (use $eq)`,
    'filters.completed must be an object such as filters[completed][$eq]=true',
  ),
  v.transform(({ $eq }) => $eq),
);

const calendarDate = (operator: DateOperator) =>
  v.optional(
    v.pipe(
      v.string(`filters.dueDate.${operator} must be a calendar date written YYYY-MM-DD`),
      v.check(
        isCalendarDate,
        `filters.dueDate.${operator} must be a calendar date written YYYY-MM-DD`,
      ),
    ),
  );
const isNull = (operator: '$null' | '$notNull') =>
  v.optional(queryBoolean(`filters.dueDate.${operator} must be true or false`));

/** filters[dueDate][$lt]=2026-12-05 and the like; $null / $notNull take true or false, as in Strapi. */
const dueDateFilter = v.pipe(
  v.unknown(),
  v.description(
    'filters[dueDate][$eq|$lt|$lte|$gt|$gte]=YYYY-MM-DD, filters[dueDate][$null|$notNull]=true|false',
  ),
  asEqualsOperator,
  bracketObject(
    {
      $eq: calendarDate('$eq'),
      $lt: calendarDate('$lt'),
      $lte: calendarDate('$lte'),
      $gt: calendarDate('$gt'),
      $gte: calendarDate('$gte'),
      $null: isNull('$null'),
      $notNull: isNull('$notNull'),
    },
    (operator) =>
      `filters.dueDate.${operator} is not a supported operator (use $eq, $lt, $lte, $gt, $gte, $null or $notNull)`,
    'filters.dueDate must be an object such as filters[dueDate][$lte]=2026-12-05',
  ),
  v.transform(({ $null, $notNull, ...dates }): DueDateCondition[] => [
    ...Object.entries(dates)
      .filter((entry): entry is [DateOperator, string] => entry[1] !== undefined)
      .map(([operator, date]) => ({ op: DATE_OPERATORS[operator], date })),
    ...[
      [$null, true],
      [$notNull, false],
    ]
      .filter(([value]) => value !== undefined)
      .map(([value, meansNull]): DueDateCondition => ({
        op: value === meansNull ? 'is' : 'is not',
        date: null,
      })),
  ]),
);

const filtersSchema = v.optional(
  bracketObject(
    {
      title: v.optional(titleFilter, {}),
      completed: v.optional(completedFilter),
      dueDate: v.optional(dueDateFilter, {}),
      priority: v.optional(priorityFilter, {}),
      project: v.optional(projectFilter, {}),
      parent: v.optional(parentFilter, {}),
      labels: v.optional(labelFilter, {}),
    },
    (field) =>
      `filters.${field} is not a filterable field (use title, completed, dueDate, priority, project, parent or labels)`,
    'filters must be an object such as filters[title][$contains]=milk',
  ),
  {},
);

const sortSchema = sortSchemaOf(SORT_FIELDS, 'createdAt:asc');

const DEFAULT_SORT: SortKey[] = [{ field: 'createdAt', direction: 'asc' }];

export const listQuerySchema = v.pipe(
  v.object({
    pagination: listPaginationEntry,
    filters: filtersSchema,
    sort: v.optional(sortSchema, []),
    populate: populateEntry,
  }),
  v.transform(({ pagination, filters, sort, populate }): ListQuery => ({
    pagination,
    titleContains: filters.title,
    completed: filters.completed,
    dueDate: filters.dueDate,
    priority: filters.priority,
    project: filters.project,
    parent: filters.parent,
    labels: filters.labels,
    sort: sort.length > 0 ? sort : DEFAULT_SORT,
    populate,
  })),
);
