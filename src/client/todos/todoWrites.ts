/**
 * What the todo mutations send and answer: the shapes of a new todo and of a change, a change's
 * outcome (answered or kept in the offline queue), and the write path through that queue.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { SingleResponse, TodoEntity } from '../../shared/api-types';
import type { Priority } from '../../shared/priority';
import { sendOrQueue, type TodoWrite } from '../offline';

/** What a change answered: its HTTP status (200 or 204 is a success) and the todo, if any. */
export interface ChangeOutcome {
  status: number;
  todo: TodoEntity | null;
  /** Kept on this device (offline, or no answer came) and sent when the network is back. */
  queued?: boolean;
}

export const QUEUED_OUTCOME: ChangeOutcome = { status: 202, todo: null, queued: true };

/** A todo's due date, reminder and recurrence (null clears one); never sent to a Strapi backend. */
export interface TodoDates {
  dueDate?: string | null;
  remindAt?: string | null;
  recurrence?: string | null;
}

/** Which occurrences of a series a change or a delete concerns (`?scope=`). */
export type SeriesScope = 'this' | 'following';

export const scoped = (path: string, scope: SeriesScope | undefined) =>
  scope ? `${path}?scope=${scope}` : path;

export interface NewTodo extends TodoDates {
  title: string;
  description?: string;
  /** 0 none (left out: the server's default), 1 low, 2 medium, 3 high. */
  priority?: Priority;
  /** The owner: the signed-in user's id; Generate Todos sends it as `[id]`. */
  user?: number | number[];
  /** The project's id, or null for the Inbox (the server's default: left out then). */
  project?: number | null;
  /** The parent todo's id: the new todo is its subtask (left out: a top-level todo). */
  parent?: number | null;
  /** The labels' ids, as a set (none: left out). */
  labels?: LabelsWrite;
}

export interface TodoChanges extends TodoDates {
  title?: string;
  description?: string | null;
  completed?: boolean;
  priority?: Priority;
  /** Moves the todo: a project's id, or null for the Inbox. */
  project?: number | null;
  /** Puts the todo under another (its id), or makes it a top-level todo (null). */
  parent?: number | null;
  /** Replaces the todo's labels (`set`) or adds some (`connect`, when its labels are not known). */
  labels?: LabelsWrite;
}

/** `data.labels` as the app sends it (Strapi's relation forms, src/shared/label-relation.ts). */
export type LabelsWrite = { set: number[] } | { connect: number[] };

export const toOutcome = (
  response: SingleResponse | null,
  meta: FetchBaseQueryMeta | undefined,
): ChangeOutcome => ({
  status: meta?.response?.status ?? 0,
  todo: response?.data ?? null,
});

/** A write through the offline queue (see sendOrQueue): its outcome, queued or answered. */
export const queuedWrite =
  <A>(toWrite: (arg: A, state: unknown) => TodoWrite) =>
  async (
    arg: A,
    baseApi: { getState(): unknown },
    _extra: unknown,
    baseQuery: Parameters<typeof sendOrQueue>[1],
  ) => {
    const result = await sendOrQueue(toWrite(arg, baseApi.getState()), baseQuery);
    if ('queued' in result) return { data: QUEUED_OUTCOME };
    if (result.error) return { error: result.error };
    return {
      data: toOutcome(
        result.data as SingleResponse | null,
        result.meta as FetchBaseQueryMeta | undefined,
      ),
    };
  };

/** No refetch for a queued write: the list shows it from the queue, and offline a refetch fails. */
export const unlessQueued = <T>(
  result: ChangeOutcome | undefined,
  error: unknown,
  tags: T[],
): T[] => (error || result?.queued ? [] : tags);
