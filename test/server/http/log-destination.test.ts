/**
 * @jest-environment node
 *
 * The log destination keeps up with a loaded server: whatever is pending when a write completes
 * goes out in the next write (up to 64 KiB), so the text waiting in memory does not pile up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { LOG_WRITE_BYTES, logDestination } from '../../../src/server/http/log-destination';

describe('logDestination', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-log-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes everything pending after a turn of the event loop in one write, up to 64 KiB', async () => {
    const file = path.join(dir, 'server.log');
    const fd = fs.openSync(file, 'w');
    const destination = logDestination(fd) as unknown as NodeJS.EventEmitter & { write(line: string): boolean; flushSync(): void };
    const line = `${JSON.stringify({ level: 30, msg: 'request completed', url: '/api/todos?'.padEnd(300, 'x') })}\n`;
    const written: number[] = [];
    destination.on('write', (bytes: number) => written.push(bytes));

    // A first line starts a write; the 150 that one turn of a loaded server logs meanwhile wait for it.
    destination.write(line);
    for (let i = 0; i < 150; i++) destination.write(line);
    while (written.length < 2) await once(destination, 'write');

    expect(written[0]).toBe(line.length);
    expect(150 * line.length).toBeLessThanOrEqual(LOG_WRITE_BYTES);
    expect(written[1]).toBe(150 * line.length);
    destination.flushSync();
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(line.repeat(151));
  });
});
