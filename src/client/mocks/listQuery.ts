/**
 * The mock API's reading of a list query in Strapi's bracket syntax, with the contract's rules:
 * pagination defaults and clamp, title / completed / dueDate filters, several sort keys with ties
 * broken by id, and a 400 for anything else (as the server gives).
 */
import type { SortDirection, SortField, TodoAttributes, TodoEntity } from '../../shared/api-types';
import { titleContains, titleKey } from '../../shared/title-key';

export interface MockListQuery {
  page: number;
  pageSize: number;
  keep: (attributes: TodoAttributes) => boolean;
  compare: (a: TodoEntity, b: TodoEntity) => number;
}

export class QueryError extends Error {
  constructor(
    message: string,
    readonly path: string[],
  ) {
    super(message);
  }
}

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
const SORT_FIELDS: readonly SortField[] = [
  'createdAt',
  'updatedAt',
  'title',
  'completed',
  'dueDate',
  'id',
];
const DATE_TESTS: Record<string, (due: string, operand: string) => boolean> = {
  $eq: (due, operand) => due === operand,
  $lt: (due, operand) => due < operand,
  $lte: (due, operand) => due <= operand,
  $gt: (due, operand) => due > operand,
  $gte: (due, operand) => due >= operand,
};

function positive(params: URLSearchParams, name: 'page' | 'pageSize', fallback: number): number {
  const raw = params.get(`pagination[${name}]`);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new QueryError(`pagination.${name} must be a positive integer`, ['pagination', name]);
  return Number(raw);
}

function filterOf(key: string, value: string): (attributes: TodoAttributes) => boolean {
  const [, field, operator] = /^filters\[(\w+)\]\[(\$\w+)\]$/.exec(key) ?? [];
  const path = ['filters', field ?? key, operator ?? ''];
  if (field === 'title' && (operator === '$contains' || operator === '$containsi'))
    return (todo) => titleContains(todo.title, value);
  if (field === 'completed' && operator === '$eq' && /^(true|false)$/.test(value))
    return (todo) => String(todo.completed) === value;
  if (field === 'dueDate' && operator && operator in DATE_TESTS && /^\d{4}-\d\d-\d\d$/.test(value))
    return (todo) => todo.dueDate != null && DATE_TESTS[operator]!(todo.dueDate, value);
  if (field === 'dueDate' && (operator === '$null' || operator === '$notNull'))
    return (todo) => (todo.dueDate == null) === ((operator === '$null') === (value === 'true'));
  throw new QueryError(`${key} is not a supported filter`, path);
}

/** A sort value of one key, with undated todos last in both directions (the server's order). */
function sortValue(todo: TodoEntity, field: SortField): string | number | boolean {
  if (field === 'id') return todo.id;
  if (field === 'title') return titleKey(todo.attributes.title);
  return todo.attributes[field] ?? '';
}

function comparerOf(sortKeys: string[]): MockListQuery['compare'] {
  const keys = (sortKeys.length ? sortKeys : ['createdAt:asc']).map((key) => {
    const [field, direction = 'asc'] = key.split(':') as [SortField, SortDirection];
    if (!SORT_FIELDS.includes(field) || (direction !== 'asc' && direction !== 'desc'))
      throw new QueryError(`sort ${key} is not a sortable field and direction`, ['sort']);
    return { field, sign: direction === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const { field, sign } of keys) {
      if (field === 'dueDate' && !a.attributes.dueDate !== !b.attributes.dueDate)
        return a.attributes.dueDate ? -1 : 1;
      const [x, y] = [sortValue(a, field), sortValue(b, field)];
      if (x !== y) return x < y ? -sign : sign;
    }
    return keys[0]!.sign * (a.id - b.id);
  };
}

export function readListQuery(params: URLSearchParams): MockListQuery {
  const filters: ((attributes: TodoAttributes) => boolean)[] = [];
  const sortKeys: string[] = [];
  for (const [key, value] of params) {
    if (key.startsWith('filters[')) filters.push(filterOf(key, value));
    else if (key === 'sort' || /^sort\[\d+\]$/.test(key)) sortKeys.push(...value.split(','));
  }
  return {
    page: positive(params, 'page', 1),
    pageSize: Math.min(positive(params, 'pageSize', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
    keep: (attributes) => filters.every((keep) => keep(attributes)),
    compare: comparerOf(sortKeys),
  };
}

/** One page of `rows` with Strapi's page pagination; a page past the end is empty with the true total. */
export function pageOf<T>(rows: T[], page: number, pageSize: number) {
  return {
    data: rows.slice((page - 1) * pageSize, page * pageSize),
    meta: {
      pagination: {
        page,
        pageSize,
        pageCount: Math.ceil(rows.length / pageSize),
        total: rows.length,
      },
    },
  };
}
