/**
 * @jest-environment node
 *
 * The log destination writes lines in batches: they wait until 8 KiB are pending, or for the
 * flush timer, or for a warning or an error that the app's logger flushes at once. Under load it
 * keeps up: whatever is pending when a write completes goes out in the next write (up to
 * 64 KiB), so the text waiting in memory does not pile up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { LOG_BATCH_BYTES, LOG_WRITE_BYTES, logDestination, type LogDestination } from '../../../src/server/http/log-destination';
import { createTestDatabase } from '../support/databases';

/** A flush timer that never fires within a test: lines go out only in batches or when flushed. */
const NEVER_MS = 3_600_000;

const line = (msg: string, level = 30) => `${JSON.stringify({ level, msg, url: '/api/todos?'.padEnd(300, 'x') })}\n`;

describe('logDestination', () => {
  let dir: string;
  let file: string;
  let fd: number;
  let destination: LogDestination | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-log-'));
    file = path.join(dir, 'server.log');
    fd = fs.openSync(file, 'w');
  });
  afterEach(() => {
    destination?.stopTimer();
    destination?.output.flushSync();
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const logged = () => fs.readFileSync(file, 'utf8');
  /** Waits (up to 2 s) until the file holds `expected`. */
  async function waitForFile(expected: string): Promise<void> {
    for (const deadline = Date.now() + 2000; logged() !== expected && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(logged()).toBe(expected);
  }
  /** A few turns of the event loop, in which a write started would have completed. */
  const someTurns = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('holds lines back until 8 KiB are pending, then writes them in one write', async () => {
    destination = logDestination(fd, { flushMs: NEVER_MS });
    const written: number[] = [];
    destination.output.on('write', (bytes: number) => written.push(bytes));
    const perBatch = Math.ceil((LOG_BATCH_BYTES + 1) / line('x').length);
    for (let i = 0; i < perBatch - 1; i++) destination.write(line(`line ${i}`));
    await someTurns();
    expect(logged()).toBe('');

    destination.write(line(`line ${perBatch - 1}`));
    const all = Array.from({ length: perBatch }, (_, i) => line(`line ${i}`)).join('');
    if (written.length === 0) await once(destination.output, 'write');
    expect(written).toEqual([all.length]);
    expect(logged()).toBe(all);
  });

  it('writes a lone line when the flush timer comes, and what waits when the timer is stopped', async () => {
    destination = logDestination(fd, { flushMs: 20 });
    destination.write(line('quiet server'));
    await waitForFile(line('quiet server'));

    const held = logDestination(fd, { flushMs: NEVER_MS });
    held.write(line('at close'));
    await someTurns();
    expect(logged()).toBe(line('quiet server'));
    held.stopTimer();
    await waitForFile(line('quiet server') + line('at close'));
  });

  it('writes everything pending when a write completes in the next write, up to 64 KiB', async () => {
    destination = logDestination(fd, { flushMs: NEVER_MS });
    const written: number[] = [];
    destination.output.on('write', (bytes: number) => written.push(bytes));
    // The line that fills a batch starts a write; the 150 that one turn of a loaded server logs
    // meanwhile wait for it, and go out together when it completes.
    const perBatch = Math.ceil((LOG_BATCH_BYTES + 1) / line('x').length);
    for (let i = 0; i < perBatch + 150; i++) destination.write(line('busy'));
    while (written.length < 2) await once(destination.output, 'write');

    expect(written[0]).toBe(perBatch * line('busy').length);
    expect(150 * line('busy').length).toBeLessThanOrEqual(LOG_WRITE_BYTES);
    expect(written[1]).toBe(150 * line('busy').length);
    await waitForFile(line('busy').repeat(perBatch + 150));
  });

  it("in the app, a warning or an error goes out at once with the lines that waited before it", async () => {
    const database = await createTestDatabase('sqlite');
    destination = logDestination(fd, { flushMs: NEVER_MS });
    const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, LOG_LEVEL: 'info', STATIC_DIR: `${database.dataDir}/no-spa` });
    const app = await buildApp(config, database.handle.db, { logStream: destination });
    try {
      await app.ready();
      const before = logged();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      await someTurns();
      expect(logged()).toBe(before);

      app.log.warn('disk almost full');
      for (const deadline = Date.now() + 2000; !logged().includes('disk almost full') && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const lines = logged().slice(before.length).trim().split('\n').map((text) => JSON.parse(text) as { msg: string; req?: { url: string } });
      expect(lines.map((entry) => entry.msg)).toEqual(['request completed', 'disk almost full']);
      expect(lines[0]?.req?.url).toBe('/api/health');
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
