/**
 * @jest-environment node
 *
 * Live events (issue 27): GET /api/todos/events streams the caller's todo changes as Server-Sent
 * Events, with increasing ids, heartbeats, replay after Last-Event-ID and an end when the token is
 * revoked; across server processes through PostgreSQL NOTIFY or Redis.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Session } from '../../../src/shared/api-types';
import { pruneEvents } from '../../../src/server/events/journal';
import { setBlocked } from '../../../src/server/users/repository';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';
import { openSse, type SseStream } from '../../support/sse';
import {
  bearer,
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { urlForDatabase, withAdminClient } from '../support/postgres';

jest.setTimeout(120_000);

const HEARTBEAT_MS = 300;
const isData = (frame: { data?: string; event?: string }) =>
  frame.data !== undefined && frame.event === undefined;

describeEachDialect('live events', (dialect) => {
  // Most tests run with the default heartbeat (25 s), so only a wake-up can end a stream at once;
  // the heartbeat's own tests use a second app beating every 300 ms.
  let t: TestApp;
  let beating: TestApp;
  const origins = new Map<TestApp, string>();
  const streams: SseStream[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    beating = await createTestApp(dialect, {}, { eventHeartbeatMs: HEARTBEAT_MS });
    for (const app of [t, beating])
      origins.set(app, await app.app.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
  afterAll(async () => {
    await t.close();
    await beating.close();
  });

  /** A stream of `session`'s events. */
  async function stream(
    session: Session | undefined,
    headers: Record<string, string> = {},
    on = t,
  ) {
    const opened = await openSse(`${origins.get(on)}/api/todos/events`, {
      ...(session ? bearer(session) : {}),
      ...headers,
    });
    streams.push(opened);
    return opened;
  }
  /** A stream of `session`'s events, once it has sent its first frame (ready or reset). */
  async function ready(session: Session, headers: Record<string, string> = {}, on = t) {
    const opened = await stream(session, headers, on);
    expect(opened.status).toBe(200);
    const first = await opened.next();
    return { opened, first: first! };
  }
  const send = (
    session: Session,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => call(t.app, session, { method, url, payload: payload as object });

  it('answers 401 before any stream for a missing, bad or revoked token', async () => {
    const session = await register(t.app, credentials('sse401'));
    expect((await stream(undefined)).status).toBe(401);
    expect((await stream(undefined, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await send(session, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    const refused = await stream(session);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('opens with text/event-stream and a ready event naming where it starts', async () => {
    const session = await register(t.app, credentials('sseopen'));
    const { opened, first } = await ready(session);
    expect(opened.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first).toEqual({ event: 'ready', id: expect.stringMatching(/^\d+$/), data: '{}' });
  });

  it('sends each kind of change, with increasing ids, and nothing for an emptied trash', async () => {
    const session = await register(t.app, credentials('sseall'));
    const { opened } = await ready(session);
    const a = await createTodo(t.app, session, { title: 'a' });
    const b = await createTodo(t.app, session, { title: 'b' });
    expect(await opened.nextData()).toMatchObject({ action: 'created', id: a.id });
    expect(await opened.nextData()).toMatchObject({ action: 'created', id: b.id });
    await send(session, 'PUT', `/api/todos/${a.id}`, { data: { completed: true } });
    expect(await opened.nextData()).toMatchObject({ action: 'updated', id: a.id });
    await send(session, 'DELETE', `/api/todos/${a.id}`);
    expect(await opened.nextData()).toMatchObject({ action: 'deleted', id: a.id });
    await send(session, 'POST', `/api/todos/${a.id}/restore`);
    expect(await opened.nextData()).toMatchObject({ action: 'created', id: a.id });
    // Bulk: one event naming the todos that changed (a is completed already).
    await send(session, 'POST', '/api/todos/bulk', { action: 'complete', ids: [a.id, b.id] });
    expect(await opened.nextData()).toEqual({
      action: 'updated',
      ids: [b.id],
      eventId: expect.any(Number),
    });
    await send(session, 'POST', '/api/todos/bulk', { action: 'delete', ids: [b.id, a.id] });
    expect(await opened.nextData()).toMatchObject({ action: 'deleted', ids: [a.id, b.id] });
    await send(session, 'POST', '/api/todos/bulk', { action: 'restore', ids: [a.id] });
    expect(await opened.nextData()).toMatchObject({ action: 'created', ids: [a.id] });
    const imported = await call(t.app, session, {
      method: 'POST',
      url: '/api/todos/import',
      payload: { todos: [{ title: 'i1' }, { title: 'i2' }] },
    });
    expect(imported.json()).toEqual({ data: { imported: 2 } });
    const importEvent = await opened.nextData<{ ids: number[] }>();
    expect(importEvent).toMatchObject({
      action: 'created',
      ids: [expect.any(Number), expect.any(Number)],
    });
    expect((await send(session, 'DELETE', '/api/todos/trash')).statusCode).toBe(204);
    const c = await createTodo(t.app, session, { title: 'c' });
    expect(await opened.nextData()).toMatchObject({ action: 'created', id: c.id });
    const ids = opened.frames.filter(isData).map((frame) => Number(frame.id));
    expect(ids).toHaveLength(10);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends a user their own changes only', async () => {
    const ann = await register(t.app, credentials('sseann'));
    const bob = await register(t.app, credentials('ssebob'));
    const annStream = (await ready(ann)).opened;
    const bobStream = (await ready(bob)).opened;
    const annTodo = await createTodo(t.app, ann, { title: 'Ann private' });
    await send(ann, 'PUT', `/api/todos/${annTodo.id}`, { data: { title: 'Ann still' } });
    const bobTodo = await createTodo(t.app, bob, { title: 'Bob private' });
    expect(await annStream.nextData()).toMatchObject({ action: 'created', id: annTodo.id });
    expect(await annStream.nextData()).toMatchObject({ action: 'updated', id: annTodo.id });
    // Bob's first event is his own create: Ann's two changes never reached him.
    expect(await bobStream.nextData()).toMatchObject({ action: 'created', id: bobTodo.id });
    expect(bobStream.frames.filter(isData)).toHaveLength(1);
    // Someone else's write (a 404 for Bob) sends nothing either.
    expect(
      (await send(bob, 'PUT', `/api/todos/${annTodo.id}`, { data: { title: 'hijack' } }))
        .statusCode,
    ).toBe(404);
    await createTodo(t.app, ann, { title: 'after' });
    await annStream.nextData();
    expect(bobStream.frames.filter(isData)).toHaveLength(1);
  });

  it('sends a `: ping` comment every heartbeat', async () => {
    const session = await register(beating.app, credentials('ssebeat'));
    const { opened } = await ready(session, {}, beating);
    const started = Date.now();
    await opened.next((frame) => frame.comment === 'ping');
    await opened.next((frame) => frame.comment === 'ping');
    expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 10);
  });

  it.each([
    ['logout', (s: Session) => send(s, 'POST', '/api/auth/logout')],
    [
      'logout-all from another token',
      async (s: Session) => {
        const other = await call(t.app, undefined, {
          method: 'POST',
          url: '/api/auth/local',
          payload: { identifier: s.user.email, password: 'Kiwi#Lamp42' },
        });
        return send(other.json<Session>(), 'POST', '/api/auth/logout-all');
      },
    ],
    [
      'account deletion',
      (s: Session) =>
        call(t.app, s, {
          method: 'DELETE',
          url: '/api/users/me',
          payload: { password: 'Kiwi#Lamp42' },
        }),
    ],
  ])('ends the stream at once after %s', async (_name, revoke) => {
    const session = await register(t.app, credentials('sseend'));
    const { opened } = await ready(session);
    expect((await revoke(session)).statusCode).toBe(204);
    const started = Date.now();
    await opened.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('ends the stream at the next heartbeat when the admin command blocks the user', async () => {
    const credentialsOf = credentials('sseblock');
    const session = await register(beating.app, credentialsOf);
    const { opened } = await ready(session, {}, beating);
    // Another process (the admin command) writes the block: no wake-up here, the heartbeat notices.
    await setBlocked(beating.database.handle.db, credentialsOf.email, true);
    await opened.ended;
    expect((await stream(session, {}, beating)).status).toBe(401);
  });

  it('replays what followed Last-Event-ID, and sends reset for an unknown or pruned one', async () => {
    const session = await register(t.app, credentials('ssereplay'));
    const first = await ready(session);
    const startId = first.first.id!;
    first.opened.close();
    const x = await createTodo(t.app, session, { title: 'x' });
    await send(session, 'PUT', `/api/todos/${x.id}`, { data: { completed: true } });
    const again = await ready(session, { 'last-event-id': startId });
    expect(again.first).toMatchObject({ event: 'ready', id: startId });
    expect(await again.opened.nextData()).toMatchObject({ action: 'created', id: x.id });
    const updated = await again.opened.nextData();
    expect(updated).toMatchObject({ action: 'updated', id: x.id });
    // From the middle: only what came after.
    const middle = String(updated.eventId - 1);
    expect(
      await (await ready(session, { 'last-event-id': middle })).opened.nextData(),
    ).toMatchObject({ eventId: updated.eventId });
    for (const unknown of ['999999999999', 'abc', '-1']) {
      expect((await ready(session, { 'last-event-id': unknown })).first).toMatchObject({
        event: 'reset',
        data: '{}',
      });
    }
    // Events older than 5 minutes are pruned: replaying from before them is impossible, so reset.
    await createTodo(t.app, session, { title: 'y' });
    await pruneEvents(t.database.handle.db, new Date(Date.now() + 6 * 60_000));
    const pruned = await ready(session, { 'last-event-id': startId });
    expect(pruned.first.event).toBe('reset');
    // A reset stream carries on with new events.
    const z = await createTodo(t.app, session, { title: 'z' });
    const afterReset = await pruned.opened.nextData();
    expect(afterReset).toMatchObject({ action: 'created', id: z.id });
    expect(afterReset.eventId).toBeGreaterThan(Number(pruned.first.id));
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const wantsPostgres = (process.env.TICKLIST_TEST_DIALECTS ?? '').includes('postgres');

describe('live events across two server processes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-events-'));
  const database = `${process.env.TICKLIST_TEST_DB_PREFIX ?? 'ticklist_test_adhoc'}_events_${process.pid}`;
  const running: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.kill('SIGTERM')));
    if (wantsPostgres)
      await withAdminClient((client) =>
        client.query(`drop database if exists "${database}" with (force)`),
      );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Registers on A, opens a stream on B, writes on A: the event reaches B's stream (latency printed). */
  async function writeOnAReadOnB(env: Record<string, string>, label: string) {
    const shared = { JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', ...env };
    const [a, b] = [await spawnServer(dataDir, shared), await spawnServer(dataDir, shared)];
    running.push(a, b);
    const user = { email: `${label}@example.com`, username: label, password: 'Kiwi#Lamp42' };
    const session = (await http<Session>(a.url, 'POST', '/api/auth/local/register', { body: user }))
      .body;
    const onB = await openSse(`${b.url}/api/todos/events`, bearer(session));
    try {
      expect(onB.status).toBe(200);
      expect((await onB.next())?.event).toBe('ready');
      const latencies: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const started = performance.now();
        const created = await http<{ data: { id: number } }>(a.url, 'POST', '/api/todos', {
          token: session.jwt,
          body: { data: { title: `on A ${round}` } },
        });
        expect(await onB.nextData()).toMatchObject({ action: 'created', id: created.body.data.id });
        latencies.push(Math.round(performance.now() - started));
      }
      console.log(
        `${label}: write on A → event on B's stream, ms (incl. the POST): ${latencies.join(', ')}`,
      );
      // SIGTERM ends open streams rather than waiting for them: B exits 0 at once.
      expect(await b.kill('SIGTERM')).toBe(0);
      await onB.ended;
    } finally {
      onB.close();
    }
  }

  (wantsPostgres ? it : it.skip)('reach each other through PostgreSQL LISTEN/NOTIFY', async () => {
    await withAdminClient((client) => client.query(`create database "${database}"`));
    await writeOnAReadOnB({ DATABASE_URL: urlForDatabase(database) }, 'pgnotify');
  });

  it('reach each other through Redis pub/sub on one SQLite file', async () => {
    const prefix = `ticklist-test-${randomBytes(6).toString('hex')}`;
    await writeOnAReadOnB(
      {
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'shared.db')}`,
      },
      'redispubsub',
    );
  });
});
