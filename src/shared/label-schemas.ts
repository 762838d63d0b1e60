/**
 * Labels: a user's coloured tags, many per todo, their names unique per user whatever their case.
 * The bodies of POST and PUT /api/labels (Strapi's `{ data: … }` around them) and the list's query
 * in Strapi's bracket syntax; names and colours follow the projects' rules.
 */
import * as v from 'valibot';
import { listPaginationEntry, type Pagination } from './list-pagination';
import { nameConditions, nameFilter, projectColorField, projectNameField } from './project-schemas';
import { bracketObject } from './qs-object';
import { bodyMessages } from './schemas';
import { sortSchemaOf, type SortKeyOf } from './sort-query';

export const LABEL_NAME_MAX = 100;
export const DEFAULT_LABEL_COLOR = '#808080';

/** 1–100 code points once trimmed, no NUL; stored trimmed (a project name's rules). */
export const labelNameField = projectNameField;
/** '#rrggbb' in either case, stored lower-case. */
export const labelColorField = projectColorField;

export const labelCreateDataSchema = v.strictObject(
  {
    name: labelNameField,
    color: v.optional(labelColorField, DEFAULT_LABEL_COLOR),
  },
  bodyMessages({ name: 'name is a required field' }),
);
export type LabelCreateData = v.InferOutput<typeof labelCreateDataSchema>;

export const labelUpdateDataSchema = v.pipe(
  v.strictObject(
    { name: v.optional(labelNameField), color: v.optional(labelColorField) },
    bodyMessages({}),
  ),
  v.check(
    (data) => Object.values(data).some((value) => value !== undefined),
    'Give at least one of name or color',
  ),
);
export type LabelUpdateData = v.InferOutput<typeof labelUpdateDataSchema>;

// ---- GET /api/labels ----

export const LABEL_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'id'] as const;
export type LabelSortField = (typeof LABEL_SORT_FIELDS)[number];

export interface LabelListQuery {
  pagination: Pagination;
  /** The name equals one of these, case-insensitively ($eq and $eqi alike, names being unique so). */
  nameEquals: string[];
  /** Substrings the name contains, case-insensitively (all of them). */
  nameContains: string[];
  sort: SortKeyOf<LabelSortField>[];
}

const DEFAULT_LABEL_SORT: SortKeyOf<LabelSortField>[] = [{ field: 'name', direction: 'asc' }];

/** The label list's query: pagination, filters on the name, sort (default: name). */
export const labelListQuerySchema = v.pipe(
  v.object({
    pagination: listPaginationEntry,
    filters: v.optional(
      bracketObject(
        { name: v.optional(nameFilter, {}) },
        (field) => `filters.${field} is not a filterable field (use name)`,
        'filters must be an object such as filters[name][$containsi]=home',
      ),
      {},
    ),
    sort: v.optional(sortSchemaOf(LABEL_SORT_FIELDS, 'name:asc'), []),
  }),
  v.transform(({ pagination, filters, sort }): LabelListQuery => {
    return {
      pagination,
      ...nameConditions(filters.name),
      sort: sort.length > 0 ? sort : DEFAULT_LABEL_SORT,
    };
  }),
);
