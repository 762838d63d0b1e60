/** Terms the list queries (todos, projects, labels) share, so each list pages and matches alike. */
import { sql } from 'kysely';
import type { SortKeyOf } from '../../shared/sort-query';
import { titleKey } from '../../shared/title-key';

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The needle anywhere in a lower-case key column (title_key, name_key), LIKE's wildcards taken
 * literally, so both databases agree on case and Unicode.
 */
export const keyContains = (column: string, needle: string) =>
  sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(titleKey(needle))}%`} escape '\\'`;

/** Sort keys plus the id, in the first key's direction, so equal keys never make a page repeat or skip a row. */
export function withIdTieBreak<F extends string>(
  sort: readonly SortKeyOf<F>[],
): SortKeyOf<F | 'id'>[] {
  if (sort.some((key) => key.field === 'id')) return [...sort];
  return [...sort, { field: 'id', direction: sort[0]?.direction ?? 'asc' }];
}
