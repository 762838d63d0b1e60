/**
 * Which cached data a live event (GET /api/todos/events, see README) makes stale. Every list
 * provides the list tag and each row its own; a restore or an import arrives as `created` and a
 * restore also leaves the trash, a delete enters it. `reset` means events were missed: all of it.
 */
import type { TagDescription } from '@reduxjs/toolkit/query';
import { PROJECT_TAGS, TODO_TAGS } from '../lib/api';

export type LiveTag = TagDescription<'Todo' | 'Trash' | 'Project'>;

/** Everything the todo, trash and project lists show. */
export const ALL_TODO_TAGS: LiveTag[] = ['Todo', 'Trash', 'Project'];

/**
 * A change of the user's todos (or projects: `project.*`) as an event names it (`{ action, id }`
 * or `{ action, ids }`).
 */
export interface TodoChange {
  action:
    'created' | 'updated' | 'deleted' | 'project.created' | 'project.updated' | 'project.deleted';
  ids: number[];
}

const ACTIONS: readonly unknown[] = [
  'created',
  'updated',
  'deleted',
  'project.created',
  'project.updated',
  'project.deleted',
] satisfies TodoChange['action'][];

/** The change a message carries (`event` is '' for one); undefined for anything else. */
export function changeOf(event: string, data: string): TodoChange | undefined {
  if (event !== '') return undefined;
  let change: { action?: unknown; id?: unknown; ids?: unknown };
  try {
    change = JSON.parse(data) as typeof change;
  } catch {
    return undefined;
  }
  if (!ACTIONS.includes(change.action)) return undefined;
  const ids = (Array.isArray(change.ids) ? change.ids : [change.id]).filter((id): id is number =>
    Number.isInteger(id),
  );
  return { action: change.action as TodoChange['action'], ids };
}

/** The tags one change makes stale. */
export function tagsForChange({ action, ids }: TodoChange): LiveTag[] {
  const rows = ids.map(TODO_TAGS.row);
  switch (action) {
    case 'created':
      return [TODO_TAGS.list, TODO_TAGS.trash];
    case 'updated':
      return [...rows, TODO_TAGS.list];
    case 'deleted':
      return [...rows, TODO_TAGS.list, TODO_TAGS.trash];
    // The drawer's list and counts; the todos a project's delete or restore moved come as their own event.
    default:
      return [PROJECT_TAGS.list];
  }
}
