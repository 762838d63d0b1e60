/**
 * @jest-environment node
 *
 * Whole-list answers (users/me?populate=todos) go through a few slots at a time. Clients that give
 * up while waiting for a slot must not keep it: found by the benchmark, where a load run that ended
 * with requests still waiting left every later populate call hanging until the request timeout.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';

jest.setTimeout(60_000);

describe('populate=todos slots', () => {
  let server: ServerProcess;
  let dataDir: string;
  let jwt: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-gate-'));
    server = await spawnServer(dataDir, { LOG_LEVEL: 'warn' });
    const registered = await http<{ jwt: string }>(server.url, 'POST', '/api/auth/local/register', {
      body: { email: 'gate@example.com', username: 'gate', password: 'Secret1!' },
    });
    jwt = registered.body.jwt;
    // Enough todos that each answer takes a moment to build, so requests queue for the slots.
    for (let i = 0; i < 300; i++) {
      await http(server.url, 'POST', '/api/todos', { token: jwt, body: { data: { title: `todo ${i} ${'x'.repeat(200)}` } } });
    }
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends the request on a raw socket and hangs up at once, without reading the answer. */
  const askAndLeave = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(`GET /api/users/me?populate=todos HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${jwt}\r\n\r\n`, () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on('error', () => resolve());
    });

  it('frees the slots of clients that left, so the next callers are answered', async () => {
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 30 }, askAndLeave));
    // Give the server time to work through what it received.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => http<{ todos: unknown[] }>(server.url, 'GET', '/api/users/me?populate=todos', { token: jwt, timeoutMs: 10_000 })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.todos).toHaveLength(300);
    }
  });
});
