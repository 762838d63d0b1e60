/**
 * Strapi v4 pagination (pagination[page]/[pageSize] or [start]/[limit]) → a typed Pagination, the
 * trash's query (pagination only) and a list answer's meta.pagination. Issues are collected, not
 * thrown one by one, so a 400 names every bad parameter at once.
 */
import type { ValidationIssue } from '../../shared/api-types';
import { validationError } from '../http/errors';
import { isRecord } from '../http/validate';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export type Pagination =
  | { kind: 'page'; page: number; pageSize: number }
  | { kind: 'offset'; start: number; limit: number };

export type Issues = ValidationIssue[];

export const issue = (issues: Issues, path: string[], message: string) =>
  issues.push({ path, message, name: 'ValidationError' });

function wholeNumber(
  issues: Issues,
  path: string[],
  raw: unknown,
  min: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    const expected = min > 0 ? 'a positive integer' : 'a non-negative integer';
    issue(issues, path, `${path.join('.')} must be ${expected}`);
    return undefined;
  }
  return value;
}

export function parsePagination(issues: Issues, raw: unknown): Pagination {
  const fallback: Pagination = { kind: 'page', page: 1, pageSize: DEFAULT_PAGE_SIZE };
  if (raw === undefined) return fallback;
  if (!isRecord(raw)) {
    issue(issues, ['pagination'], 'pagination must be an object such as pagination[page]=1');
    return fallback;
  }
  for (const key of Object.keys(raw)) {
    if (!['page', 'pageSize', 'start', 'limit', 'withCount'].includes(key)) {
      issue(issues, ['pagination', key], `pagination.${key} is not a valid pagination parameter`);
    }
  }
  const usesPages = raw.page !== undefined || raw.pageSize !== undefined;
  const usesOffset = raw.start !== undefined || raw.limit !== undefined;
  if (usesPages && usesOffset) {
    issue(issues, ['pagination'], 'Cannot use both page & offset pagination in the same query');
    return fallback;
  }
  if (raw.withCount !== undefined && !['true', 'false'].includes(String(raw.withCount))) {
    issue(issues, ['pagination', 'withCount'], 'pagination.withCount must be true or false');
  }
  if (usesOffset) {
    const start = wholeNumber(issues, ['pagination', 'start'], raw.start, 0) ?? 0;
    const limit = wholeNumber(issues, ['pagination', 'limit'], raw.limit, 1) ?? DEFAULT_PAGE_SIZE;
    return { kind: 'offset', start, limit: Math.min(limit, MAX_PAGE_SIZE) };
  }
  const page = wholeNumber(issues, ['pagination', 'page'], raw.page, 1) ?? 1;
  const pageSize =
    wholeNumber(issues, ['pagination', 'pageSize'], raw.pageSize, 1) ?? DEFAULT_PAGE_SIZE;
  return { kind: 'page', page, pageSize: Math.min(pageSize, MAX_PAGE_SIZE) };
}

/**
 * The trash list's query: pagination only. Its order is fixed (most recently trashed first), so a
 * sort or a filter is refused rather than ignored; other keys are ignored, as in parseListQuery.
 */
export function parsePageQuery(query: unknown): Pagination {
  const issues: Issues = [];
  const raw = isRecord(query) ? query : {};
  for (const key of ['sort', 'filters']) {
    if (raw[key] !== undefined)
      issue(
        issues,
        [key],
        `${key} is not accepted here: the trash lists the most recently deleted first`,
      );
  }
  const pagination = parsePagination(issues, raw.pagination);
  if (issues.length > 0) throw validationError(issues);
  return pagination;
}

/** A list answer's meta.pagination, in the form the query asked for. */
export const paginationMeta = (pagination: Pagination, total: number) =>
  pagination.kind === 'page'
    ? {
        page: pagination.page,
        pageSize: pagination.pageSize,
        pageCount: Math.ceil(total / pagination.pageSize),
        total,
      }
    : { start: pagination.start, limit: pagination.limit, total };

/** The rows to skip and to read for a pagination. */
export function offsetAndLimit(pagination: Pagination): { offset: number; limit: number } {
  return pagination.kind === 'page'
    ? { offset: (pagination.page - 1) * pagination.pageSize, limit: pagination.pageSize }
    : { offset: pagination.start, limit: pagination.limit };
}
