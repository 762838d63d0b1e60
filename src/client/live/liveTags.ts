/**
 * Which cached data a live event (GET /api/todos/events, see README) makes stale. Every list
 * provides the list tag and each row its own; a restore or an import arrives as `created` and a
 * restore also leaves the trash, a delete enters it. `reset` means events were missed: all of it.
 */
import type { TagDescription } from '@reduxjs/toolkit/query';
import { TODO_TAGS } from '../lib/api';

export type LiveTag = TagDescription<'Todo' | 'Trash'>;

/** Everything the todo and trash screens show. */
export const ALL_TODO_TAGS: LiveTag[] = ['Todo', 'Trash'];

interface ChangeData {
  action?: unknown;
  id?: unknown;
  ids?: unknown;
}

const changedIds = (data: ChangeData): number[] =>
  (Array.isArray(data.ids) ? data.ids : [data.id]).filter((id): id is number =>
    Number.isInteger(id),
  );

/** The tags to invalidate for one message (`event` is '' for a change); none for what it does not know. */
export function tagsForEvent(event: string, data: string): LiveTag[] {
  if (event === 'reset') return ALL_TODO_TAGS;
  if (event !== '') return [];
  let change: ChangeData;
  try {
    change = JSON.parse(data) as ChangeData;
  } catch {
    return [];
  }
  const rows = changedIds(change).map(TODO_TAGS.row);
  switch (change.action) {
    case 'created':
      return [TODO_TAGS.list, TODO_TAGS.trash];
    case 'updated':
      return [...rows, TODO_TAGS.list];
    case 'deleted':
      return [...rows, TODO_TAGS.list, TODO_TAGS.trash];
    default:
      return [];
  }
}
