/**
 * Durability: concurrent writers (create, update, delete over real HTTP) against the built server,
 * SIGKILL at a random moment, restart on the same data, then every write that got a 2xx must be
 * there (or superseded by a later write of the same writer), deletes gone, and nothing half-written.
 * Several kill cycles, on each database under test.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FlatTodo, Session } from '../../../src/shared/api-types';
import { dialectsUnderTest, type Dialect } from '../support/databases';
import { urlForDatabase, withAdminClient } from '../support/postgres';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';

jest.setTimeout(90_000);

const CYCLES = 5;
const WRITERS = 4;
const MIN_KILL_MS = 250;
const MAX_KILL_MS = 1500;

interface Content {
  title: string;
  description: string;
  completed: boolean;
}
type State = Content | 'deleted';

/** Content is a function of its title, so a row mixing two writes (half-written) is detectable. */
function contentFor(title: string): Content {
  const digest = createHash('sha256').update(title).digest('hex');
  const repeat = (digest.charCodeAt(0) % 20) + 1;
  return {
    title,
    description: `${title}:${digest.repeat(repeat)}`,
    completed: digest.charCodeAt(1) % 2 === 0,
  };
}

const sameState = (observed: FlatTodo | undefined, expected: State): boolean =>
  expected === 'deleted'
    ? observed === undefined
    : observed !== undefined &&
      observed.title === expected.title &&
      observed.description === expected.description &&
      observed.completed === expected.completed;

/** A small seeded PRNG (mulberry32), so a failing run can be replayed from its seed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A wrong answer, as opposed to the connection dying with the server. */
class UnexpectedStatus extends Error {}

interface TodoLedger {
  /** The state the last acknowledged write left (a create counts). */
  acked: State;
  /** The effect of a write that was in flight when the server died: may or may not have happened. */
  pending?: State;
  /** Acknowledged writes on this todo in the current cycle. */
  ackedThisCycle: number;
  owner: number;
}

interface CycleFigures {
  cycle: number;
  killedAfterMs: number;
  acknowledged: number;
  found: number;
  inFlight: number;
}

async function runDurability(
  dialect: Dialect,
  databaseUrl: (dataDir: string) => string,
  cleanup: () => Promise<void>,
) {
  const seed = Number(process.env.DURABILITY_SEED ?? Date.now() % 1_000_000);
  const random = prng(seed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-durability-'));
  const env = { DATABASE_URL: databaseUrl(dataDir), LOG_LEVEL: 'warn' };
  const ledger = new Map<number, TodoLedger>();
  const figures: CycleFigures[] = [];
  let server: ServerProcess | undefined;
  let sequence = 0;

  try {
    server = await spawnServer(dataDir, env);
    const credentials = {
      email: `durable_${process.pid}@example.com`,
      username: `durable_${process.pid}`,
      password: 'Kiwi#Lamp42',
    };
    const session = (
      await http<Session>(server.url, 'POST', '/api/auth/local/register', { body: credentials })
    ).body;
    expect(session.jwt).toEqual(expect.any(String));

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const live = server;
      const pendingCreates: Content[] = [];
      const unexpected: string[] = [];
      let stopped = false;
      // The kill comes a random time after the cycle's first acknowledged write: counted from the
      // start instead, a loaded machine could kill before any write was answered (a cycle that
      // tests nothing).
      let firstAcknowledged!: () => void;
      const acknowledgedOnce = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      for (const entry of ledger.values()) entry.ackedThisCycle = 0;

      const writer = async (writerId: number) => {
        // Bounded: the kill ends every writer long before this many operations.
        for (let step = 0; step < 5000 && !stopped; step += 1) {
          const mine = [...ledger.entries()].filter(
            ([, entry]) => entry.owner === writerId && entry.acked !== 'deleted',
          );
          const roll = random();
          sequence += 1;
          const content = contentFor(`w${writerId}-${cycle}-${sequence}`);
          const target = mine.length > 0 ? mine[Math.floor(random() * mine.length)] : undefined;
          const kind =
            !target || mine.length < 3 || roll < 0.4 ? 'create' : roll < 0.8 ? 'update' : 'delete';
          try {
            if (kind === 'create') {
              pendingCreates.push(content);
              const response = await http<{ data: { id: number } }>(
                live.url,
                'POST',
                '/api/todos',
                { token: session.jwt, body: { data: content } },
              );
              if (response.status !== 200)
                throw new UnexpectedStatus(`create answered ${response.status}`);
              pendingCreates.splice(pendingCreates.indexOf(content), 1);
              ledger.set(response.body.data.id, {
                acked: content,
                ackedThisCycle: 1,
                owner: writerId,
              });
              firstAcknowledged();
            } else {
              const [id, entry] = target!;
              const effect: State = kind === 'update' ? content : 'deleted';
              entry.pending = effect;
              const response =
                kind === 'update'
                  ? await http(live.url, 'PUT', `/api/todos/${id}`, {
                      token: session.jwt,
                      body: { data: content },
                    })
                  : await http(live.url, 'DELETE', `/api/todos/${id}`, { token: session.jwt });
              if (response.status !== 200)
                throw new UnexpectedStatus(`${kind} of ${id} answered ${response.status}`);
              entry.pending = undefined;
              entry.acked = effect;
              entry.ackedThisCycle += 1;
              firstAcknowledged();
            }
          } catch (error) {
            // The server died under this request: its write stays "pending" (may or may not be there).
            if (!stopped || error instanceof UnexpectedStatus)
              unexpected.push(
                `writer ${writerId}: ${error instanceof Error ? error.message : String(error)}`,
              );
            return;
          }
        }
      };

      const killedAfterMs = Math.round(MIN_KILL_MS + random() * (MAX_KILL_MS - MIN_KILL_MS));
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index + 1));
      // (Or until every writer has stopped on an error, which the check below reports.)
      await Promise.race([acknowledgedOnce, Promise.all(writers)]);
      await new Promise((resolve) => setTimeout(resolve, killedAfterMs));
      stopped = true;
      await live.kill('SIGKILL');
      await Promise.all(writers);
      expect(unexpected).toEqual([]);

      server = await spawnServer(dataDir, env);
      const me = await http<{ todos: FlatTodo[] }>(
        server.url,
        'GET',
        '/api/users/me?populate=todos',
        { token: session.jwt },
      );
      expect(me.status).toBe(200);
      const observed = new Map(me.body.todos.map((todo) => [todo.id, todo]));

      let acknowledged = 0;
      let found = 0;
      let inFlight = pendingCreates.length;
      const problems: string[] = [];
      for (const [id, entry] of ledger) {
        acknowledged += entry.ackedThisCycle;
        if (entry.pending !== undefined) inFlight += 1;
        const todo = observed.get(id);
        const allowed = entry.pending === undefined ? [entry.acked] : [entry.acked, entry.pending];
        const match = allowed.find((state) => sameState(todo, state));
        if (match === undefined) {
          problems.push(
            `todo ${id}: expected ${JSON.stringify(allowed)}, found ${JSON.stringify(todo ?? 'nothing')}`,
          );
          continue;
        }
        found += entry.ackedThisCycle;
        entry.acked = match;
        entry.pending = undefined;
        observed.delete(id);
      }
      // What is left must be a create that was in flight, whole, and at most once each.
      for (const [id, todo] of observed) {
        const index = pendingCreates.findIndex((content) => sameState(todo, content));
        if (index < 0) {
          problems.push(`unexpected or half-written todo ${id}: ${JSON.stringify(todo)}`);
          continue;
        }
        const [content] = pendingCreates.splice(index, 1);
        ledger.set(id, {
          acked: content!,
          ackedThisCycle: 0,
          owner: Number(/^w(\d+)/.exec(todo.title)?.[1] ?? 0),
        });
      }
      for (const todo of me.body.todos) {
        if (!sameState(todo, contentFor(todo.title)))
          problems.push(`half-written todo ${todo.id}: ${JSON.stringify(todo)}`);
      }
      expect(problems).toEqual([]);
      expect(found).toBe(acknowledged);
      figures.push({ cycle, killedAfterMs, acknowledged, found, inFlight });
    }
    const exit = await server.kill('SIGTERM');
    expect(exit).toBe(0);
    console.log(
      `durability [${dialect}] seed ${seed}:\n` +
        figures
          .map(
            (f) =>
              `  cycle ${f.cycle}: SIGKILL after ${f.killedAfterMs} ms, ${f.acknowledged} writes acknowledged, ${f.found} found, ${f.inFlight} in flight`,
          )
          .join('\n'),
    );
    expect(figures.every((f) => f.acknowledged > 0)).toBe(true);
  } finally {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await cleanup();
  }
}

describe.each(dialectsUnderTest())('acknowledged writes survive SIGKILL [%s]', (dialect) => {
  it(`keeps every acknowledged write over ${CYCLES} kill-and-restart cycles`, async () => {
    if (dialect === 'sqlite') {
      await runDurability(
        dialect,
        (dataDir) => `sqlite:${path.join(dataDir, 'ticklist.db')}`,
        async () => undefined,
      );
      return;
    }
    const name = `${process.env.TICKLIST_TEST_DB_PREFIX ?? 'ticklist_test_adhoc'}_durability_${process.pid}`;
    await withAdminClient((client) => client.query(`create database "${name}"`));
    await runDurability(
      dialect,
      () => urlForDatabase(name),
      () =>
        withAdminClient((client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        ).then(() => undefined),
    );
  });
});
