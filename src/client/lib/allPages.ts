/**
 * Every entry of a paged Strapi list (projects, labels): a user may keep up to 500 of them and a
 * page holds at most 100, so the pages are read one after another until the last.
 */
import type { PagePagination } from '../../shared/api-types';
import { MAX_PAGE_SIZE } from '../../shared/list-pagination';

interface PagedList<T> {
  data: T[];
  meta: { pagination: PagePagination };
}

type PageQuery<E> = (
  arg: string,
) => PromiseLike<{ data?: unknown; error?: E }> | { data?: unknown; error?: E };

/** `path` with its sort, e.g. "labels?sort=name:asc"; the pages' size is the largest allowed. */
export async function allPages<T, E>(
  baseQuery: PageQuery<E>,
  path: string,
): Promise<{ data: T[] } | { error: E }> {
  const entries: T[] = [];
  for (let page = 1; ; page += 1) {
    const result = await baseQuery(
      `${path}&pagination[page]=${page}&pagination[pageSize]=${MAX_PAGE_SIZE}`,
    );
    if (result.error) return { error: result.error };
    const body = result.data as PagedList<T>;
    entries.push(...body.data);
    if (page >= body.meta.pagination.pageCount) return { data: entries };
  }
}
