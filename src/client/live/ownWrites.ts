/**
 * This tab's own writes, told apart on the live stream. The mutation that made a change already
 * refetches what it changed; the event the server sends back for it (its echo) would refetch it a
 * second time. So each write that succeeds leaves the event it causes, and one event like it that
 * arrives within ECHO_MS is skipped.
 *
 * Another tab's change is never hidden for good: an echo absorbs one event, not more. When another
 * tab changes the same todo at the same moment, two like events come: one is skipped, the other
 * refetches, and it is the later one, so the refetch sees both changes. Only a write whose event
 * never comes could absorb a change made elsewhere, and none is remembered when the server says so
 * (an idempotency replay, a bulk action that changed fewer todos than named); focus and reconnect
 * refetches recover that rest.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { watchWrites, type WriteWatcher } from '../lib/api';
import type { TodoChange } from './liveTags';

/** Long past an echo's usual delay (the server's target is other tabs within 2 s). */
const ECHO_MS = 5_000;

const BULK_EVENTS: Record<string, TodoChange['action']> = {
  complete: 'updated',
  uncomplete: 'updated',
  delete: 'deleted',
  restore: 'created',
};

type WriteResult = Parameters<ReturnType<WriteWatcher>>[0];

/** The event a write that succeeded causes on the stream (README, "Live events"); undefined when unsure. */
export function echoOf(
  args: FetchArgs,
  { data, error, meta }: WriteResult,
): TodoChange | undefined {
  // A replay answers a write made before, whose event was sent then.
  if (error || meta?.response?.headers.get('idempotent-replayed')) return undefined;
  const method = (args.method ?? 'GET').toUpperCase();
  const path = args.url.split('?')[0]!.replace(/^\/+|\/+$/g, '');
  const project = projectEcho(method, path, data);
  if (project) return project;
  const [, id, rest] = /^todos\/(\d+)(\/restore)?$/.exec(path) ?? [];
  if (id !== undefined) {
    if (rest) return method === 'POST' ? { action: 'created', ids: [Number(id)] } : undefined;
    if (method === 'PUT') return { action: 'updated', ids: [Number(id)] };
    if (method === 'DELETE') return { action: 'deleted', ids: [Number(id)] };
    return undefined;
  }
  if (method !== 'POST') return undefined;
  const answer = (data as { data?: { id?: unknown; count?: unknown } } | null)?.data;
  if (path === 'todos' && Number.isInteger(answer?.id))
    return { action: 'created', ids: [answer!.id as number] };
  const bulk = args.body as { action?: string; ids?: number[] } | undefined;
  const action = BULK_EVENTS[bulk?.action ?? ''];
  // The event names the todos that changed: known only when all of them did.
  if (path === 'todos/bulk' && action && bulk?.ids?.length && answer?.count === bulk.ids.length)
    return { action, ids: bulk.ids };
  return undefined;
}

/** A project's write: `project.created` (a create or a restore), `project.updated` or `project.deleted`. */
function projectEcho(method: string, path: string, data: unknown): TodoChange | undefined {
  const [, id, rest] = /^projects(?:\/(\d+)(\/restore)?)?$/.exec(path) ?? [];
  if (path === 'projects' && method === 'POST') {
    const created = (data as { data?: { id?: unknown } } | null)?.data?.id;
    return Number.isInteger(created)
      ? { action: 'project.created', ids: [created as number] }
      : undefined;
  }
  if (id === undefined) return undefined;
  if (rest) return method === 'POST' ? { action: 'project.created', ids: [Number(id)] } : undefined;
  if (method === 'PUT') return { action: 'project.updated', ids: [Number(id)] };
  if (method === 'DELETE') return { action: 'project.deleted', ids: [Number(id)] };
  return undefined;
}

const keyOf = ({ action, ids }: TodoChange) =>
  `${action}:${[...ids].sort((a, b) => a - b).join(',')}`;

export interface OwnWrites {
  /** Whether a write is on its way: its event may come before its answer. */
  pending(): boolean;
  /** Whether `change` is the echo of a write of this tab; that echo is then used up. */
  isEcho(change: TodoChange): boolean;
  stop(): void;
}

/** Follows this tab's writes until stopped; `onSettled` runs as each one is answered. */
export function watchOwnWrites(onSettled: () => void): OwnWrites {
  let pending = 0;
  let echoes: { key: string; until: number }[] = [];
  const stop = watchWrites((args) => {
    pending += 1;
    return (result) => {
      pending -= 1;
      const echo = echoOf(args, result);
      if (echo) echoes.push({ key: keyOf(echo), until: Date.now() + ECHO_MS });
      onSettled();
    };
  });
  return {
    pending: () => pending > 0,
    isEcho(change) {
      const now = Date.now();
      echoes = echoes.filter((echo) => echo.until > now);
      const index = echoes.findIndex((echo) => echo.key === keyOf(change));
      if (index >= 0) echoes.splice(index, 1);
      return index >= 0;
    },
    stop,
  };
}
