/**
 * Sends one queued write, and settles a conflict with a change made elsewhere so that neither
 * version is lost: an edit of a todo deleted elsewhere comes back as a new todo; an edit of a field
 * that was changed elsewhere too is kept as a copy beside the other device's version.
 */
import type { TodoAttributes, TodoEntity } from '../../shared/api-types';
import { queuedDates } from './queuedDates';
import type { QueuedWrite } from './writeTypes';

export interface SendRequest {
  method: 'GET' | QueuedWrite['method'];
  path: string;
  body?: unknown;
  key?: string;
}

/** An HTTP answer; status 0 when none came (network failure, timeout). */
export interface SendResult {
  status: number;
  data?: unknown;
}

export type Send = (request: SendRequest) => Promise<SendResult>;

type ReplayOutcome =
  | { kind: 'sent'; id?: number }
  | { kind: 'conflict'; notice: string }
  /** No answer, a 5xx, a 401 or a 429: the write stays queued and the replay stops. */
  | { kind: 'stopped' }
  /** The server refused it (4xx): kept, with the message, and not sent again. */
  | { kind: 'refused'; message: string };

export const COPY_SUFFIX = ' (offline copy)';
const TITLE_MAX = 255;

const isTransient = ({ status }: SendResult) =>
  status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
const isSuccess = ({ status }: SendResult) => status >= 200 && status < 300;
const todoOf = (result: SendResult) => (result.data as { data?: TodoEntity } | undefined)?.data;
const errorMessage = (result: SendResult) =>
  (result.data as { error?: { message?: string } } | undefined)?.error?.message ||
  `The server answered ${result.status}`;

/** Null and an empty description are the same text to a user. */
const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');

/** The edit's own fields that were changed elsewhere since the user saw the todo, to another value. */
function clashes(write: QueuedWrite, server: TodoAttributes): boolean {
  const changes = write.body?.data ?? {};
  const base = write.base as unknown as Record<string, unknown>;
  const current = server as unknown as Record<string, unknown>;
  return Object.entries(changes).some(
    ([field, mine]) => !same(current[field], base[field]) && !same(current[field], mine),
  );
}

/** The todo as this device last showed it: what it saw before, with the user's changes. */
function localVersion(write: QueuedWrite) {
  const mine = { ...write.base, ...write.body?.data } as Partial<TodoAttributes>;
  const version = {
    title: mine.title ?? '',
    description: mine.description ?? null,
    completed: mine.completed ?? false,
  };
  // The dates go along when there are any (a Strapi backend has none and would refuse the keys).
  return { ...version, ...queuedDates(mine as Record<string, unknown>) };
}

async function createInstead(
  write: QueuedWrite,
  send: Send,
  data: ReturnType<typeof localVersion>,
  suffix: string,
): Promise<ReplayOutcome | SendResult> {
  // A key of its own, derived from the write's: a retry of this same step still creates it once.
  const result = await send({
    method: 'POST',
    path: 'todos',
    body: { data },
    key: `${write.key}:${suffix}`,
  });
  return isSuccess(result)
    ? result
    : isTransient(result)
      ? { kind: 'stopped' }
      : { kind: 'refused', message: errorMessage(result) };
}

async function recreate(write: QueuedWrite, send: Send): Promise<ReplayOutcome> {
  const data = localVersion(write);
  const result = await createInstead(write, send, data, 'recreate');
  if ('kind' in result) return result;
  return {
    kind: 'conflict',
    notice: `"${data.title}" was deleted elsewhere: your version is kept as a new todo.`,
  };
}

async function keepCopy(
  write: QueuedWrite,
  send: Send,
  server: TodoAttributes,
): Promise<ReplayOutcome> {
  const mine = localVersion(write);
  const title = [...mine.title].slice(0, TITLE_MAX - COPY_SUFFIX.length).join('') + COPY_SUFFIX;
  const result = await createInstead(write, send, { ...mine, title }, 'copy');
  if ('kind' in result) return result;
  return {
    kind: 'conflict',
    notice: `"${server.title}" was changed elsewhere: your version is kept as "${title}".`,
  };
}

/**
 * A replayed add or edit that names a project asks the server to put the todo in the Inbox if that
 * project was deleted meanwhile (`onMissingProject=inbox`), one that names a parent to make it a
 * root if that parent was (`onMissingParent=root`), and one that names labels to drop those deleted
 * meanwhile (`onMissingLabel=drop`), rather than refuse it: it is never lost. Writes naming none of
 * them go as they were (a Strapi backend knows no such parameter).
 */
export const replayPath = ({ method, path, body }: QueuedWrite): string => {
  const data = method !== 'DELETE' ? body?.data : undefined;
  const params = [
    ...(data && 'project' in data ? ['onMissingProject=inbox'] : []),
    ...(data && 'parent' in data ? ['onMissingParent=root'] : []),
    ...(data && 'labels' in data ? ['onMissingLabel=drop'] : []),
  ];
  if (params.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${params.join('&')}`;
};

export async function replayWrite(write: QueuedWrite, send: Send): Promise<ReplayOutcome> {
  if (write.method === 'PUT' && write.base) {
    // The todo itself, without a series' ?scope= of the write.
    const current = await send({ method: 'GET', path: write.path.split('?')[0]! });
    if (isTransient(current)) return { kind: 'stopped' };
    if (current.status === 404) return recreate(write, send);
    const server = todoOf(current)?.attributes;
    if (server && clashes(write, server)) return keepCopy(write, send, server);
  }
  const answer = await send({
    method: write.method,
    path: replayPath(write),
    body: write.body,
    key: write.key,
  });
  if (isSuccess(answer)) return { kind: 'sent', id: todoOf(answer)?.id };
  if (isTransient(answer)) return { kind: 'stopped' };
  if (answer.status === 404)
    return write.method === 'DELETE' ? { kind: 'sent' } : recreate(write, send);
  return { kind: 'refused', message: errorMessage(answer) };
}
