/**
 * PostgreSQL goes away under a running server (a throwaway cluster of this test's own, stopped
 * with pg_ctl): calls get 503 ServiceUnavailableError and /api/health 503 while it is down; when
 * it is back, the same server process serves again, without a restart, with the data intact.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Session } from '../../../src/shared/api-types';
import { dialectsUnderTest } from '../support/databases';
import { createPgCluster, type PgCluster } from './support/pg-cluster';
import {
  http,
  spawnServer,
  type JsonResponse,
  type ServerProcess,
} from '../../support/server-process';

jest.setTimeout(90_000);

const describeWithPostgres = dialectsUnderTest().includes('postgres') ? describe : describe.skip;

const expect503 = (response: JsonResponse) => {
  expect(response.status).toBe(503);
  expect(response.body).toEqual({
    data: null,
    error: {
      status: 503,
      name: 'ServiceUnavailableError',
      message: expect.any(String),
      details: {},
    },
  });
};

describeWithPostgres('a PostgreSQL outage under a running server', () => {
  let cluster: PgCluster | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let session: Session;
  let todoId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-outage-'));
    cluster = await createPgCluster();
    cluster.start();
    server = await spawnServer(dataDir, { DATABASE_URL: cluster.url, LOG_LEVEL: 'fatal' });
    session = (
      await http<Session>(server.url, 'POST', '/api/auth/local/register', {
        body: { email: 'outage@example.com', username: 'outage', password: 'Kiwi#Lamp42' },
      })
    ).body;
    const created = await http<{ data: { id: number } }>(server.url, 'POST', '/api/todos', {
      token: session.jwt,
      body: { data: { title: 'survives the outage' } },
    });
    expect(created.status).toBe(200);
    todoId = created.body.data.id;
  });

  afterAll(async () => {
    await server?.kill('SIGKILL');
    cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function waitForHealth(expected: number, withinMs: number): Promise<number> {
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < withinMs) {
      status = (await http(server!.url, 'GET', '/api/health', { timeoutMs: 5000 })).status;
      if (status === expected) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`/api/health still answered ${status} after ${withinMs} ms`);
  }

  it.each(['immediate', 'fast'] as const)(
    'answers 503 while down (pg_ctl stop -m %s) and recovers by itself',
    async (mode) => {
      const live = server!;
      const pid = live.child.pid;
      expect((await http(live.url, 'GET', '/api/health')).status).toBe(200);

      cluster!.stop(mode);
      // Every kind of call: health, a protected read, a write, a login, a registration.
      const started = Date.now();
      expect503(await http(live.url, 'GET', '/api/health'));
      expect503(await http(live.url, 'GET', '/api/todos', { token: session.jwt }));
      expect503(
        await http(live.url, 'POST', '/api/todos', {
          token: session.jwt,
          body: { data: { title: 'during the outage' } },
        }),
      );
      expect503(
        await http(live.url, 'PUT', `/api/todos/${todoId}`, {
          token: session.jwt,
          body: { data: { completed: true } },
        }),
      );
      expect503(
        await http(live.url, 'POST', '/api/auth/local', {
          body: { identifier: 'outage', password: 'Kiwi#Lamp42' },
        }),
      );
      expect503(
        await http(live.url, 'POST', '/api/auth/local/register', {
          body: { email: `o${mode}@example.com`, username: `o_${mode}`, password: 'Kiwi#Lamp42' },
        }),
      );
      // Fast answers, not hangs: a refused connection is seen at once.
      expect(Date.now() - started).toBeLessThan(15_000);

      cluster!.start();
      const recoveredIn = await waitForHealth(200, 20_000);
      const list = await http<{
        data: Array<{ id: number; attributes: { title: string; completed: boolean } }>;
      }>(live.url, 'GET', '/api/todos', { token: session.jwt });
      expect(list.status).toBe(200);
      // The outage wrote nothing; what was there before still is.
      expect(list.body.data).toEqual([
        expect.objectContaining({
          id: todoId,
          attributes: expect.objectContaining({ title: 'survives the outage', completed: false }),
        }),
      ]);
      expect(
        (
          await http(live.url, 'POST', '/api/auth/local', {
            body: { identifier: 'outage', password: 'Kiwi#Lamp42' },
          })
        ).status,
      ).toBe(200);
      const created = await http<{ data: { id: number } }>(live.url, 'POST', '/api/todos', {
        token: session.jwt,
        body: { data: { title: `after ${mode}` } },
      });
      expect(created.status).toBe(200);
      expect(
        (
          await http(live.url, 'DELETE', `/api/todos/${created.body.data.id}`, {
            token: session.jwt,
          })
        ).status,
      ).toBe(200);
      // The very same process, never restarted.
      expect(live.child.pid).toBe(pid);
      expect(live.child.exitCode).toBeNull();
      console.log(
        `postgres outage (stop -m ${mode}): 503s while down, healthy again ${recoveredIn} ms after the restart, same pid ${pid}`,
      );
    },
  );
});
