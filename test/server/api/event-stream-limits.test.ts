/**
 * @jest-environment node
 *
 * What one user's event streams may cost a server process: at most 10 open at once (the 11th closes
 * the oldest), and a write's fan-out reads the database a fixed number of times however many of the
 * user's streams are open.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import type { Session } from '../../../src/shared/api-types';
import { openSse, type SseStream } from '../../support/sse';
import {
  bearer,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(120_000);

/** Counts the statements the app runs (each executed query passes transformResult once). */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs) {
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    this.count += 1;
    return result;
  }
}

/** 'ended' once the server has closed the stream, 'open' if it has not within `ms` (a guard, not a timing). */
const settles = (stream: SseStream, ms = 5000) =>
  Promise.race([
    stream.ended.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);

describeEachDialect('event stream limits', (dialect) => {
  const counter = new StatementCounter();
  let t: TestApp;
  let origin: string;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    // Reminders are looked for once an hour here, so their statements never land in a count.
    t = await createTestApp(
      dialect,
      {},
      { wrapDb: (db) => db.withPlugin(counter), reminderCheckMs: 3_600_000 },
    );
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
  afterAll(async () => {
    // Fetch leaves some sockets of the closed streams open without a request, which the server
    // would wait for until its headers timeout (60 s).
    const closing = t.close();
    t.app.server.closeAllConnections();
    await closing;
  });

  async function ready(session: Session) {
    const opened = await openSse(`${origin}/api/todos/events`, bearer(session));
    streams.push(opened);
    expect(opened.status).toBe(200);
    expect((await opened.next())?.event).toBe('ready');
    return opened;
  }
  /** Waits until every stream has sent the `created` event of `id`. */
  const delivered = (opened: SseStream[], id: number) =>
    Promise.all(
      opened.map(async (stream) =>
        expect(await stream.nextData()).toMatchObject({ action: 'created', id }),
      ),
    );

  it('keeps at most 10 streams of a user open: the 11th closes the oldest', async () => {
    const session = await register(t.app, credentials('ssecap'));
    const other = await ready(await register(t.app, credentials('ssecapother')));
    const opened: SseStream[] = [];
    for (let i = 0; i < 10; i += 1) opened.push(await ready(session));
    const closedByServer = opened.map(() => false);
    opened.forEach((stream, i) => void stream.ended.then(() => (closedByServer[i] = true)));
    opened.push(await ready(session));
    expect(await settles(opened[0]!)).toBe('ended');
    // The ten newest carry the next change; nothing else was closed, the other user's stream included.
    const todo = await createTodo(t.app, session, { title: 'after the cap' });
    await delivered(opened.slice(1), todo.id);
    expect(closedByServer).toEqual([true, ...Array(9).fill(false)]);
    expect(await settles(other, 0)).toBe('open');
  });

  it('fans a write out with as many statements for 10 open streams as for one', async () => {
    async function statementsForAWrite(count: number) {
      const session = await register(t.app, credentials('ssefan'));
      const opened: SseStream[] = [];
      for (let i = 0; i < count; i += 1) opened.push(await ready(session));
      // A first write reaches every stream, so the looks that opening them started are behind us.
      await delivered(opened, (await createTodo(t.app, session, { title: 'warm-up' })).id);
      const before = counter.count;
      await delivered(opened, (await createTodo(t.app, session, { title: 'counted' })).id);
      const used = counter.count - before;
      opened.forEach((stream) => stream.close());
      return used;
    }
    const one = await statementsForAWrite(1);
    const ten = await statementsForAWrite(10);
    // On PostgreSQL a write wakes the streams twice (its NOTIFY, then this process after answering),
    // which make one look of two statements or two looks depending on timing; the warm-up's second
    // look may also still be under way. On SQLite a write wakes them once: exactly equal.
    const slack = dialect === 'postgres' ? 4 : 0;
    expect(Math.abs(ten - one)).toBeLessThanOrEqual(slack);
  });
});
