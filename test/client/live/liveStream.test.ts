/**
 * The live stream on its own: what it sends, when it reconnects (with Last-Event-ID) and when it
 * gives up, and which tags it hands on, with the server replaced by a fake stream (jsdom).
 */
import { TODO_TAGS } from '../../../src/client/lib/api';
import type { LiveTag } from '../../../src/client/live/liveTags';
import {
  holdLiveRefetches,
  openLiveStream,
  type LiveStreamOptions,
} from '../../../src/client/live/liveStream';
import { FakeEventStreams, frame } from './support/fakeEventStreams';

let server: FakeEventStreams;
let close: (() => void) | undefined;
beforeEach(() => (server = new FakeEventStreams().install()));
afterEach(() => {
  close?.();
  server.uninstall();
});

function open(options: Partial<LiveStreamOptions> = {}) {
  const batches: LiveTag[][] = [];
  const attempts: number[] = [];
  const onUnauthorized = jest.fn();
  close = openLiveStream({
    token: 'jwt-1',
    onTags: (tags) => batches.push(tags),
    onUnauthorized,
    retryDelay: (attempt) => (attempts.push(attempt), 10),
    ...options,
  });
  return { batches, attempts, onUnauthorized };
}

const until = async (check: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
/** A quiet period, only before asserting that something did NOT happen (waits for what must happen use until). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the live stream', () => {
  it('sends the bearer token, asks for an event stream, and hands on each change’s tags', async () => {
    const { batches } = open();
    const stream = await server.requested(1);
    expect(stream.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(stream.headers.get('accept')).toBe('text/event-stream');
    expect(stream.headers.has('last-event-id')).toBe(false);
    stream.write(frame(4, null, 'ready'));
    stream.write(': ping\n\n');
    stream.write(frame(5, { action: 'updated', id: 9 }));
    await until(() => batches.length === 1);
    expect(batches).toEqual([[TODO_TAGS.row(9), TODO_TAGS.list]]);
  });

  it('hands on a reminder (issue 28) with its todo and title, and refetches nothing for it', async () => {
    const reminders: unknown[] = [];
    const { batches } = open({ onReminder: (reminder) => reminders.push(reminder) });
    const stream = await server.requested(1);
    stream.write(frame(1, null, 'ready'));
    stream.write(frame(2, { action: 'reminder', id: 7, title: 'Call the dentist' }));
    stream.write(frame(3, { action: 'reminder', id: 'x', title: 'not a todo id' }));
    await until(() => reminders.length === 1);
    await pause(150);
    expect(reminders).toEqual([{ id: 7, title: 'Call the dentist' }]);
    expect(batches).toEqual([]);
  });

  it('changes that arrive together refetch once', async () => {
    const { batches } = open();
    const stream = await server.requested(1);
    stream.write(frame(1, null, 'ready'));
    for (let id = 2; id <= 30; id += 1) stream.write(frame(id, { action: 'created', id }));
    await until(() => batches.length > 0);
    await pause(200);
    expect(batches).toEqual([[TODO_TAGS.list, TODO_TAGS.trash]]);
  });

  it('while held (a Generate Todos run), hands on nothing, then what came meanwhile once', async () => {
    const { batches } = open();
    const stream = await server.requested(1);
    stream.write(frame(1, null, 'ready'));
    const release = holdLiveRefetches();
    stream.write(frame(2, { action: 'created', id: 2 }));
    await pause(150);
    stream.write(frame(3, { action: 'updated', id: 3 }));
    await pause(150);
    expect(batches).toEqual([]);
    release();
    release(); // a second call changes nothing
    await until(() => batches.length === 1);
    await pause(150);
    expect(batches).toEqual([[TODO_TAGS.list, TODO_TAGS.trash, TODO_TAGS.row(3)]]);
    stream.write(frame(4, { action: 'deleted', id: 4 }));
    await until(() => batches.length === 2);
  });

  it('reconnects when the server ends the stream, sending the last id it received as Last-Event-ID', async () => {
    const { attempts, batches } = open();
    const first = await server.requested(1);
    first.write(frame(11, null, 'ready'));
    first.write(frame(12, { action: 'deleted', id: 3 }));
    // Handed on: the stream has read event 12.
    await until(() => batches.length === 1);
    first.end();
    const second = await server.requested(2);
    expect(second.headers.get('last-event-id')).toBe('12');
    expect(second.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(attempts).toEqual([1]);
  });

  it('backs off further each failed attempt, and starts over once a stream opens', async () => {
    server.answers.push(
      new Response('', { status: 503 }),
      new Response('', { status: 429 }),
      new Response('', { status: 502 }),
    );
    const { attempts, batches } = open();
    const fourth = await server.requested(4);
    expect(attempts).toEqual([1, 2, 3]);
    fourth.write(frame(1, null, 'ready'));
    // An event after "ready", handed on: the stream has read both.
    fourth.write(frame(2, { action: 'updated', id: 1 }));
    await until(() => batches.length === 1);
    fourth.end();
    await server.requested(5);
    expect(attempts).toEqual([1, 2, 3, 1]);
  });

  it('a reset refetches all todo data', async () => {
    const { batches } = open();
    const first = await server.requested(1);
    first.write(frame(1, null, 'reset'));
    await until(() => batches.length === 1);
    expect(batches[0]).toEqual(['Todo', 'Trash', 'Project']);
  });

  it('a stream that opens after failures, with no id to resume from, refetches all todo data', async () => {
    server.answers.push(new Response('', { status: 503 }));
    const { batches } = open();
    const second = await server.requested(2);
    expect(second.headers.has('last-event-id')).toBe(false);
    second.write(frame(8, null, 'ready'));
    await until(() => batches.length === 1);
    expect(batches[0]).toEqual(['Todo', 'Trash', 'Project']);
  });

  it('a first ready, or one that resumes, refetches nothing', async () => {
    const { batches } = open({ lastEventId: '3' });
    const first = await server.requested(1);
    expect(first.headers.get('last-event-id')).toBe('3');
    first.write(frame(3, null, 'ready'));
    first.end();
    const second = await server.requested(2);
    second.write(frame(3, null, 'ready'));
    await pause(200);
    expect(batches).toEqual([]);
  });

  it('a 401 ends the session and the stream: no retry', async () => {
    server.answers.push(new Response('{}', { status: 401 }));
    const { attempts, onUnauthorized } = open();
    await server.requested(1);
    await until(() => onUnauthorized.mock.calls.length === 1);
    expect(onUnauthorized).toHaveBeenCalledWith(false); // refused from the start
    await pause(100);
    expect(server.streams).toHaveLength(1);
    expect(attempts).toEqual([]);
  });

  it('says so when the 401 comes on a reconnect, after the stream had been open with that token', async () => {
    const { onUnauthorized } = open();
    const first = await server.requested(1);
    first.write(frame(1, null, 'ready'));
    server.answers.push(new Response('{}', { status: 401 }));
    first.end();
    await until(() => onUnauthorized.mock.calls.length === 1);
    expect(onUnauthorized).toHaveBeenCalledWith(true);
  });

  it.each([400, 403, 404, 204])(
    'a %i is not retried and does not end the session',
    async (status) => {
      server.answers.push(new Response(status === 204 ? null : '{}', { status }));
      const { attempts, onUnauthorized } = open();
      await server.requested(1);
      await pause(100);
      expect(server.streams).toHaveLength(1);
      expect(attempts).toEqual([]);
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('closing aborts the request and stops every retry', async () => {
    const { batches } = open();
    const stream = await server.requested(1);
    stream.write(frame(1, null, 'ready'));
    stream.write(frame(2, { action: 'created', id: 2 }));
    close!();
    expect(stream.signal.aborted).toBe(true);
    await pause(150);
    expect(server.streams).toHaveLength(1);
    expect(batches).toEqual([]);
  });
});
