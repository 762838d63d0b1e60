/**
 * Strapi v4 pagination of a list (pagination[page]/[pageSize] or [start]/[limit]) as qs parses it,
 * read into a typed Pagination; and the trash's query, which is pagination only.
 */
import * as v from 'valibot';
import { bracketObject } from './qs-object';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export type Pagination =
  | { kind: 'page'; page: number; pageSize: number }
  | { kind: 'offset'; start: number; limit: number };

/** pagination[name] as a whole number from `min` up; a size above MAX_PAGE_SIZE counts as it. */
const wholeNumber = (name: string, min: 0 | 1) => {
  const message = `pagination.${name} must be ${min > 0 ? 'a positive integer' : 'a non-negative integer'}`;
  return v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.regex(/^\d{1,15}$/, message),
      v.transform(Number),
      v.safeInteger(message),
      v.minValue(min, message),
    ),
  );
};

export const paginationSchema = v.pipe(
  bracketObject(
    {
      page: wholeNumber('page', 1),
      pageSize: wholeNumber('pageSize', 1),
      start: wholeNumber('start', 0),
      limit: wholeNumber('limit', 1),
      withCount: v.optional(
        v.picklist(['true', 'false'], 'pagination.withCount must be true or false'),
      ),
    },
    (key) => `pagination.${key} is not a valid pagination parameter`,
    'pagination must be an object such as pagination[page]=1',
  ),
  v.check(
    (raw) =>
      (raw.page === undefined && raw.pageSize === undefined) ||
      (raw.start === undefined && raw.limit === undefined),
    'Cannot use both page & offset pagination in the same query',
  ),
  v.transform(({ page, pageSize, start, limit }): Pagination => {
    if (start !== undefined || limit !== undefined)
      return {
        kind: 'offset',
        start: start ?? 0,
        limit: Math.min(limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
      };
    return {
      kind: 'page',
      page: page ?? 1,
      pageSize: Math.min(pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    };
  }),
);

/** A list's pagination, page 1 of DEFAULT_PAGE_SIZE when the query names none. */
export const listPaginationEntry = v.optional(paginationSchema, {});

export const refusedByTrash = (key: string) =>
  v.optional(
    v.never(`${key} is not accepted here: the trash lists the most recently deleted first`),
  );

/**
 * The project trash's query: pagination only (the todo trash's adds populate, trash-query.ts). Its
 * order is fixed (most recently trashed first), so a sort or a filter is refused rather than
 * ignored; other keys are ignored, as in the list's query.
 */
export const trashQuerySchema = v.object({
  pagination: listPaginationEntry,
  sort: refusedByTrash('sort'),
  filters: refusedByTrash('filters'),
});
