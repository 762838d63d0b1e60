/**
 * SIGTERM while requests are in flight: those requests still get their 2xx, new connections are
 * refused at once, and the process exits 0 (the built server, as `npm start` runs it).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';

jest.setTimeout(60_000);

const IN_FLIGHT = 4;

/** Resolves 'refused' when nothing accepts connections on the port, 'accepted' otherwise. */
function tryConnect(port: number): Promise<'refused' | 'accepted' | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? 'error')),
    );
  });
}

describe('graceful shutdown on SIGTERM', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-shutdown-'));
    // A deliberately slow password hash keeps registrations in flight for a while.
    server = await spawnServer(dataDir, {
      ARGON2_MEMORY_KIB: '65536',
      ARGON2_TIME_COST: '20',
      LOG_LEVEL: 'debug',
    });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes in-flight requests, refuses new connections and exits 0', async () => {
    const live = server!;
    const started = Date.now();
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, index) => {
      const name = `graceful${index}_${process.pid}`;
      return http<{ jwt?: string }>(live.url, 'POST', '/api/auth/local/register', {
        body: { email: `${name}@example.com`, username: name, password: 'Kiwi#Lamp42' },
        timeoutMs: 30_000,
      }).then((response) => ({ ...response, at: Date.now() }));
    });
    // Wait until the server has received every one of them (its debug log says so), bounded.
    const received = () =>
      live
        .output()
        .split('\n')
        .filter(
          (line) => line.includes('incoming request') && line.includes('/api/auth/local/register'),
        ).length;
    for (let waited = 0; received() < IN_FLIGHT && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received()).toBe(IN_FLIGHT);

    const settled = { count: 0 };
    void Promise.allSettled(inFlight).then(() => (settled.count = IN_FLIGHT));
    const signalledAt = Date.now();
    live.child.kill('SIGTERM');

    // New connections are refused while the in-flight requests are still being worked on.
    // A connection made just as the listener closes is reset rather than refused; the next one is refused.
    let connection = 'accepted';
    for (
      let tries = 0;
      (connection === 'accepted' || connection === 'ECONNRESET') && tries < 50;
      tries += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      connection = await tryConnect(live.port);
    }
    expect(connection).toBe('refused');
    expect(settled.count).toBe(0);

    const responses = await Promise.all(inFlight);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body.jwt).toEqual(expect.any(String));
    }
    // On a loaded machine one may finish just before the signal; the point is those that did not.
    const answeredAfterSignal = responses.filter((response) => response.at > signalledAt).length;
    expect(answeredAfterSignal).toBeGreaterThan(0);
    expect(await live.exited).toBe(0);
    console.log(
      `graceful shutdown: ${answeredAfterSignal} of ${IN_FLIGHT} requests in flight at SIGTERM (sent ${signalledAt - started} ms before), ` +
        `all 200 within ${Math.max(...responses.map((r) => r.at)) - signalledAt} ms after it; new connections refused; exit 0`,
    );
  });

  it('kept what those requests wrote (a restart on the same data knows the users)', async () => {
    server = await spawnServer(dataDir);
    const login = await http<{ jwt?: string }>(server.url, 'POST', '/api/auth/local', {
      body: { identifier: `graceful0_${process.pid}`, password: 'Kiwi#Lamp42' },
    });
    expect(login.status).toBe(200);
    expect(await server.kill('SIGTERM')).toBe(0);
  });
});
