/** Strapi v4 list query (parsed by qs) → a typed ListQuery; anything not understood is a 400, never the wrong rows. */
import type { SortDirection, SortField } from '../../shared/api-types';
import { isCalendarDate } from '../../shared/dates';
import { validationError } from '../http/errors';
import { isRecord } from '../http/validate';
import { issue, parsePagination, type Issues, type Pagination } from './pagination';

const MAX_SEARCH_LENGTH = 1000;
const SORT_FIELDS: readonly SortField[] = [
  'createdAt',
  'updatedAt',
  'title',
  'completed',
  'dueDate',
  'id',
];

export interface SortKey {
  field: SortField;
  direction: SortDirection;
}

export interface ListQuery {
  pagination: Pagination;
  /** Substrings the title must contain, case-insensitively (all of them). */
  titleContains: string[];
  completed: boolean | undefined;
  /** Conditions on the due date, all of which must hold. */
  dueDate: DueDateCondition[];
  sort: SortKey[];
}

const DATE_OPERATORS = { $eq: '=', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;
export type DueDateCondition =
  | { op: (typeof DATE_OPERATORS)[keyof typeof DATE_OPERATORS]; date: string }
  | { op: 'is' | 'is not'; date: null };

function parseTitleFilter(issues: Issues, raw: unknown): string[] {
  if (!isRecord(raw)) {
    issue(
      issues,
      ['filters', 'title'],
      'filters.title takes $contains or $containsi, e.g. filters[title][$contains]=milk',
    );
    return [];
  }
  const needles: string[] = [];
  for (const [operator, value] of Object.entries(raw)) {
    const path = ['filters', 'title', operator];
    if (operator !== '$contains' && operator !== '$containsi') {
      issue(
        issues,
        path,
        `filters.title.${operator} is not a supported operator (use $contains or $containsi)`,
      );
    } else if (typeof value !== 'string') {
      issue(issues, path, `filters.title.${operator} must be a single text value`);
    } else if (value.length > MAX_SEARCH_LENGTH) {
      issue(
        issues,
        path,
        `filters.title.${operator} must be at most ${MAX_SEARCH_LENGTH} characters`,
      );
    } else if (value.includes('\u0000')) {
      // PostgreSQL text cannot hold NUL (a query with one fails): no title contains it anyway.
      issue(issues, path, `filters.title.${operator} must not contain the NUL character`);
    } else if (value !== '') {
      needles.push(value);
    }
  }
  return needles;
}

function parseCompletedFilter(issues: Issues, raw: unknown): boolean | undefined {
  const operand = isRecord(raw) ? raw : { $eq: raw };
  let completed: boolean | undefined;
  for (const [operator, value] of Object.entries(operand)) {
    const path = ['filters', 'completed', operator];
    if (operator !== '$eq') {
      issue(issues, path, `filters.completed.${operator} is not a supported operator (use $eq)`);
    } else if (value !== 'true' && value !== 'false') {
      issue(issues, path, 'filters.completed.$eq must be true or false');
    } else {
      completed = value === 'true';
    }
  }
  return completed;
}

/** filters[dueDate][$lt]=2026-12-05 and the like; $null / $notNull take true or false, as in Strapi. */
function parseDueDateFilter(issues: Issues, raw: unknown): DueDateCondition[] {
  const conditions: DueDateCondition[] = [];
  for (const [operator, value] of Object.entries(isRecord(raw) ? raw : { $eq: raw })) {
    const path = ['filters', 'dueDate', operator];
    if (operator === '$null' || operator === '$notNull') {
      if (value !== 'true' && value !== 'false')
        issue(issues, path, `filters.dueDate.${operator} must be true or false`);
      else
        conditions.push({
          op: (operator === '$null') === (value === 'true') ? 'is' : 'is not',
          date: null,
        });
    } else if (!(operator in DATE_OPERATORS)) {
      issue(
        issues,
        path,
        `filters.dueDate.${operator} is not a supported operator (use $eq, $lt, $lte, $gt, $gte, $null or $notNull)`,
      );
    } else if (typeof value !== 'string' || !isCalendarDate(value)) {
      issue(issues, path, `filters.dueDate.${operator} must be a calendar date written YYYY-MM-DD`);
    } else {
      conditions.push({ op: DATE_OPERATORS[operator as keyof typeof DATE_OPERATORS], date: value });
    }
  }
  return conditions;
}

function parseFilters(
  issues: Issues,
  raw: unknown,
): Pick<ListQuery, 'titleContains' | 'completed' | 'dueDate'> {
  const none = { titleContains: [], completed: undefined, dueDate: [] };
  if (raw === undefined) return none;
  if (!isRecord(raw)) {
    issue(issues, ['filters'], 'filters must be an object such as filters[title][$contains]=milk');
    return none;
  }
  let titleContains: string[] = [];
  let completed: boolean | undefined;
  let dueDate: DueDateCondition[] = [];
  for (const [field, operand] of Object.entries(raw)) {
    if (field === 'title') titleContains = parseTitleFilter(issues, operand);
    else if (field === 'completed') completed = parseCompletedFilter(issues, operand);
    else if (field === 'dueDate') dueDate = parseDueDateFilter(issues, operand);
    else
      issue(
        issues,
        ['filters', field],
        `filters.${field} is not a filterable field (use title, completed or dueDate)`,
      );
  }
  return { titleContains, completed, dueDate };
}

/** sort=a:asc,b:desc, sort[0]=a:asc, or qs's object form of a long sort[] list. */
function sortParts(issues: Issues, raw: unknown): string[] {
  if (typeof raw === 'string') return raw.split(',');
  if (Array.isArray(raw) && raw.every((part) => typeof part === 'string')) {
    return raw.flatMap((part) => part.split(','));
  }
  if (isRecord(raw) && Object.keys(raw).every((key) => /^\d+$/.test(key))) {
    return sortParts(issues, Object.values(raw));
  }
  issue(issues, ['sort'], 'sort must look like sort=title:asc or sort[0]=title:asc');
  return [];
}

function parseSort(issues: Issues, raw: unknown): SortKey[] {
  const fallback: SortKey[] = [{ field: 'createdAt', direction: 'asc' }];
  if (raw === undefined) return fallback;
  const keys: SortKey[] = [];
  for (const part of sortParts(issues, raw)) {
    const [field = '', direction = 'asc', ...rest] = part.trim().split(':');
    const normalised = direction.toLowerCase();
    if (!SORT_FIELDS.includes(field as SortField)) {
      issue(issues, ['sort'], `Cannot sort by "${field}" (use ${SORT_FIELDS.join(', ')})`);
    } else if (rest.length > 0 || (normalised !== 'asc' && normalised !== 'desc')) {
      issue(issues, ['sort'], `Sort direction of "${field}" must be asc or desc`);
    } else if (!keys.some((key) => key.field === field)) {
      keys.push({ field: field as SortField, direction: normalised });
    }
  }
  return keys.length > 0 ? keys : fallback;
}

export function parseListQuery(query: unknown): ListQuery {
  const issues: Issues = [];
  const raw = isRecord(query) ? query : {};
  const parsed: ListQuery = {
    pagination: parsePagination(issues, raw.pagination),
    ...parseFilters(issues, raw.filters),
    sort: parseSort(issues, raw.sort),
  };
  if (issues.length > 0) throw validationError(issues);
  return parsed;
}
