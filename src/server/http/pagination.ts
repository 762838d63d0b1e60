/** A list answer's meta.pagination and the rows a Pagination (src/shared/list-pagination.ts) reads. */
import type { Pagination } from '../../shared/list-pagination';

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
