/**
 * Projects: a user's named, coloured lists of todos, in an order of their own and
 * possibly archived. The bodies of POST and PUT /api/projects (Strapi's `{ data: … }` around them)
 * and the list's query in Strapi's bracket syntax; the server validates with these, the SPA's forms
 * may too.
 */
import * as v from 'valibot';
import { listPaginationEntry, type Pagination } from './list-pagination';
import { asEqualsOperator, bracketObject, queryBoolean } from './qs-object';
import { POSITION_MIN, POSITION_RANGE, positionFieldOf } from './position';
import { bodyMessages, LARGEST_ID } from './schemas';
import { sortSchemaOf, type SortKeyOf } from './sort-query';

export const PROJECT_NAME_MAX = 100;
export const DEFAULT_PROJECT_COLOR = '#808080';

export const PROJECT_NAME_MESSAGE = `name must be 1 to ${PROJECT_NAME_MAX} characters`;
export const PROJECT_COLOR_MESSAGE = 'color must be a colour written #rrggbb, e.g. #1e90ff';
/** The position after `last` (the owner's last project), kept within the column's range. */
export const positionAfter = (last: number | null | undefined): number =>
  last == null ? 0 : Math.min(last + 1, LARGEST_ID);

const codePoints = (text: string): number => [...text].length;

/** 1–100 characters once trimmed, counted in code points as titles are; stored trimmed. */
export const projectNameField = v.pipe(
  v.string(PROJECT_NAME_MESSAGE),
  v.trim(),
  v.check((name) => name.length > 0 && codePoints(name) <= PROJECT_NAME_MAX, PROJECT_NAME_MESSAGE),
  v.check((name) => !name.includes('\u0000'), 'name must not contain the NUL character'),
);

/** '#rrggbb' in either case, stored lower-case. */
export const projectColorField = v.pipe(
  v.string(PROJECT_COLOR_MESSAGE),
  v.regex(/^#[0-9a-f]{6}$/i, PROJECT_COLOR_MESSAGE),
  v.transform((color) => color.toLowerCase()),
  v.description('#rrggbb'),
);

const positionField = positionFieldOf(
  'the project’s place in the owner’s order (ascending); default: after the last',
);
const archivedField = v.boolean('archived must be true or false');

export const projectCreateDataSchema = v.strictObject(
  {
    name: projectNameField,
    color: v.optional(projectColorField, DEFAULT_PROJECT_COLOR),
    position: v.optional(positionField),
    archived: v.optional(archivedField, false),
  },
  bodyMessages({ name: 'name is a required field' }),
);
export type ProjectCreateData = v.InferOutput<typeof projectCreateDataSchema>;

export const projectUpdateDataSchema = v.pipe(
  v.strictObject(
    {
      name: v.optional(projectNameField),
      color: v.optional(projectColorField),
      position: v.optional(positionField),
      archived: v.optional(archivedField),
    },
    bodyMessages({}),
  ),
  v.check(
    (data) => Object.values(data).some((value) => value !== undefined),
    'Give at least one of name, color, position or archived',
  ),
);
export type ProjectUpdateData = v.InferOutput<typeof projectUpdateDataSchema>;

// ---- GET /api/projects ----

export const PROJECT_SORT_FIELDS = [
  'name',
  'position',
  'createdAt',
  'updatedAt',
  'archived',
  'id',
] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];

type Comparison = '=' | '<' | '<=' | '>' | '>=';
const COMPARISONS = { $eq: '=', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;

export interface ProjectListQuery {
  pagination: Pagination;
  /** The name equals one of these (case-insensitively: $eq and $eqi alike, names being unique so). */
  nameEquals: string[];
  /** Substrings the name contains, case-insensitively (all of them). */
  nameContains: string[];
  archived: boolean | undefined;
  position: { op: Comparison; value: number }[];
  sort: SortKeyOf<ProjectSortField>[];
}

const nameOperand = (operator: string) =>
  v.optional(
    v.pipe(
      v.string(`filters.name.${operator} must be a single text value`),
      v.maxLength(1000, `filters.name.${operator} must be at most 1000 characters`),
      v.check(
        (text) => !text.includes('\u0000'),
        `filters.name.${operator} must not contain the NUL character`,
      ),
    ),
  );

export const nameFilter = v.pipe(
  v.unknown(),
  v.description(
    'filters[name][$eq|$eqi]=Work (whole name, any case), filters[name][$contains|$containsi]=wor (any case)',
  ),
  asEqualsOperator,
  bracketObject(
    {
      $eq: nameOperand('$eq'),
      $eqi: nameOperand('$eqi'),
      $contains: nameOperand('$contains'),
      $containsi: nameOperand('$containsi'),
    },
    (operator) =>
      `filters.name.${operator} is not a supported operator (use $eq, $eqi, $contains or $containsi)`,
    'filters.name must be an object such as filters[name][$containsi]=work',
  ),
);

/** What nameFilter read, as the repositories take it: whole names, and parts of names. */
export function nameConditions({
  $eq,
  $eqi,
  $contains,
  $containsi,
}: v.InferOutput<typeof nameFilter>) {
  const defined = (...texts: (string | undefined)[]) =>
    texts.filter((text): text is string => text !== undefined);
  return {
    nameEquals: defined($eq, $eqi),
    nameContains: defined($contains, $containsi).filter(Boolean),
  };
}

const positionOperand = (operator: string) =>
  v.optional(
    v.pipe(
      v.string(`filters.position.${operator} must be an integer`),
      v.regex(/^-?\d{1,10}$/, `filters.position.${operator} must be an integer`),
      v.transform(Number),
      // A PostgreSQL integer, as positions are: a wider number would fail there, not filter.
      v.minValue(POSITION_MIN, `filters.position.${operator} ${POSITION_RANGE}`),
      v.maxValue(LARGEST_ID, `filters.position.${operator} ${POSITION_RANGE}`),
    ),
  );

const positionFilter = v.pipe(
  v.unknown(),
  v.description('filters[position][$eq|$lt|$lte|$gt|$gte]=2'),
  asEqualsOperator,
  bracketObject(
    {
      $eq: positionOperand('$eq'),
      $lt: positionOperand('$lt'),
      $lte: positionOperand('$lte'),
      $gt: positionOperand('$gt'),
      $gte: positionOperand('$gte'),
    },
    (operator) =>
      `filters.position.${operator} is not a supported operator (use $eq, $lt, $lte, $gt or $gte)`,
    'filters.position must be an object such as filters[position][$gte]=2',
  ),
  v.transform((operands) =>
    Object.entries(operands)
      .filter((entry): entry is [keyof typeof COMPARISONS, number] => entry[1] !== undefined)
      .map(([operator, value]) => ({ op: COMPARISONS[operator], value })),
  ),
);

const archivedFilter = v.pipe(
  v.unknown(),
  v.description('filters[archived][$eq]=true|false (or filters[archived]=false)'),
  asEqualsOperator,
  bracketObject(
    { $eq: v.optional(queryBoolean('filters.archived.$eq must be true or false')) },
    (operator) => `filters.archived.${operator} is not a supported operator (use $eq)`,
    'filters.archived must be an object such as filters[archived][$eq]=false',
  ),
  v.transform(({ $eq }) => $eq),
);

const DEFAULT_PROJECT_SORT: SortKeyOf<ProjectSortField>[] = [
  { field: 'position', direction: 'asc' },
];

/** The project list's query: pagination, filters on name, archived and position, sort (default: position). */
export const projectListQuerySchema = v.pipe(
  v.object({
    pagination: listPaginationEntry,
    filters: v.optional(
      bracketObject(
        {
          name: v.optional(nameFilter, {}),
          archived: v.optional(archivedFilter),
          position: v.optional(positionFilter, {}),
        },
        (field) => `filters.${field} is not a filterable field (use name, archived or position)`,
        'filters must be an object such as filters[archived][$eq]=false',
      ),
      {},
    ),
    sort: v.optional(sortSchemaOf(PROJECT_SORT_FIELDS, 'position:asc'), []),
  }),
  v.transform(({ pagination, filters, sort }): ProjectListQuery => {
    return {
      pagination,
      ...nameConditions(filters.name),
      archived: filters.archived,
      position: filters.position,
      sort: sort.length > 0 ? sort : DEFAULT_PROJECT_SORT,
    };
  }),
);
