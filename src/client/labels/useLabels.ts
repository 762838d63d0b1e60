/**
 * The user's labels as the pages use them: all of them in name order and a lookup by id; the
 * label a quick-add `@name` stands for; a todo's label ids, whatever shape its `labels` has.
 */
import { useMemo } from 'react';
import type { LabelEntity, TodoEntity } from '../../shared/api-types';
import { useGetLabelsQuery } from './labelsApi';

const NONE: LabelEntity[] = [];

export function useLabels({ skip = false }: { skip?: boolean } = {}) {
  const query = useGetLabelsQuery(undefined, { skip });
  const all = query.data ?? NONE;
  const byId = useMemo(() => new Map(all.map((label) => [label.id, label])), [all]);
  return { all, byId, isSuccess: query.isSuccess };
}

/** The label whose `@name` quick add read: the user's one of that name, in any case. */
export function labelNamed(labels: readonly LabelEntity[], name: string) {
  const wanted = name.toLocaleLowerCase();
  return labels.find((label) => label.attributes.name.toLocaleLowerCase() === wanted);
}

/**
 * A todo's label ids: from `populate=labels` (`{ data: [{ id }] }`), or from a write still in the
 * offline queue (`[1, 2]` or `{ set: [1, 2] }`, laid over the row); undefined when not asked for.
 */
export function labelIdsOf(todo: TodoEntity | undefined): number[] | undefined {
  const labels: unknown = todo?.attributes.labels;
  if (labels === undefined) return undefined;
  if (labels === null) return [];
  if (Array.isArray(labels)) return labels.filter((id): id is number => typeof id === 'number');
  const { data, set } = labels as { data?: { id: number }[]; set?: number[] };
  return data ? data.map((label) => label.id) : (set ?? []);
}
