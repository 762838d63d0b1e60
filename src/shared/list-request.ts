/**
 * A list request as the client writes it, in Strapi v4's bracket syntax: what list-query.ts's schema
 * reads on the server. Apart from it (no valibot here) so that building a request costs the
 * client no schema code.
 */

/** The fields a list sorts by, in the order the 400 names them. */
export const SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'title',
  'completed',
  'dueDate',
  'priority',
  'position',
  'id',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export type DateOperator = '$eq' | '$lt' | '$lte' | '$gt' | '$gte';

export interface ListRequest {
  /** A page and its size, or an offset and a limit. */
  pagination?: { page?: number; pageSize?: number } | { start?: number; limit?: number };
  filters?: {
    title?: { $contains?: string; $containsi?: string };
    completed?: { $eq: boolean };
    dueDate?: Partial<Record<DateOperator, string>> & { $null?: boolean; $notNull?: boolean };
    /** 0 none, 1 low, 2 medium, 3 high (src/shared/priority.ts). */
    priority?: Partial<Record<'$eq' | '$ne' | '$lt' | '$lte' | '$gt' | '$gte', number>> & {
      $in?: number[];
      $notIn?: number[];
    };
    /** A project's todos ($eq, $in), the Inbox ($null: true) or any project ($notNull: true). */
    project?: { id: { $eq?: number; $in?: number[]; $null?: boolean; $notNull?: boolean } };
    /** A todo's subtasks ($eq, $in), the roots ($null: true) or subtasks only ($notNull: true). */
    parent?: { id: { $eq?: number; $in?: number[]; $null?: boolean; $notNull?: boolean } };
    /**
     * Todos with a label ($eq, $in: any of them), with none ($null: true) or with any ($notNull:
     * true); by name as written ($eq, $in) or in any case ($eqi).
     */
    labels?: {
      id?: { $eq?: number; $in?: number[]; $null?: boolean; $notNull?: boolean };
      name?: { $eq?: string; $eqi?: string; $in?: string[] };
    };
  };
  sort?: `${SortField}:${SortDirection}`[];
  /**
   * Relations to add to each todo: `['project']` gives `attributes.project`, `['labels']`
   * `attributes.labels`, `['*']` every relation (populate-query.ts); or per relation, e.g.
   * `{ subtasks: { fields: ['completed'], populate: { subtasks: true } } }` for a page of roots
   * with their subtrees (todo-populate.ts).
   */
  populate?: ('project' | 'labels' | 'parent' | 'subtasks' | '*')[] | PopulateRequest;
}

/** A todo relation's populate as the client writes it: true for every field, or some fields and a nested level. */
export type TodoRelationRequest =
  | true
  | {
      fields?: TodoFieldName[];
      /** The same relation nested again; `labels` gives a nested subtask's labels. */
      populate?: {
        parent?: TodoRelationRequest;
        subtasks?: TodoRelationRequest;
        labels?: true | { fields?: string[] };
      };
    };
type TodoFieldName =
  | 'title'
  | 'description'
  | 'completed'
  | 'createdAt'
  | 'updatedAt'
  | 'dueDate'
  | 'remindAt'
  | 'recurrence'
  | 'seriesId'
  | 'priority'
  | 'position';

export type PopulateRequest = {
  project?: true | { fields?: string[] };
  labels?: true | { fields?: string[] };
  parent?: TodoRelationRequest;
  subtasks?: TodoRelationRequest;
};

type BracketValue = string | number | boolean | undefined | BracketObject | BracketValue[];
interface BracketObject {
  [key: string]: BracketValue;
}

/** `{ a: { b: 1 } }` → `a[b]=1` and `{ a: [2, 3] }` → `a[0]=2&a[1]=3`, in key order; undefined values are left out. */
function bracketParams(
  object: BracketObject | BracketValue[],
  params: URLSearchParams,
  prefix = '',
) {
  for (const [key, value] of Object.entries(object)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined) continue;
    if (typeof value === 'object') bracketParams(value, params, name);
    else params.append(name, String(value));
  }
  return params;
}

/** The query string of a list request. */
export const listSearchParams = ({ sort, ...rest }: ListRequest): URLSearchParams =>
  bracketParams(
    { ...rest, sort: sort?.length ? sort.join(',') : undefined },
    new URLSearchParams(),
  );
