/**
 * @jest-environment node
 *
 * What the server writes to disk is its owner's alone, whatever the umask: folders it creates 0700,
 * the SQLite database with its -wal and -shm files and the generated token secret 0600. A database
 * file that others can already read is reported, so the server can warn at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveJwtSecret } from '../../../src/server/auth/secret';
import { openDatabase } from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('private files', () => {
  let scratch: string;
  let umask: number;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-private-'));
    umask = process.umask(0);
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('creates the database folder 0700 and the database, -wal and -shm files 0600', async () => {
    const file = path.join(scratch, 'missing', 'deeper', 'ticklist.db');
    const handle = openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(handle.db);
      expect(handle.readableByOthers).toBeUndefined();
      expect(modeOf(path.dirname(file)).toString(8)).toBe('700');
      expect(modeOf(path.join(scratch, 'missing')).toString(8)).toBe('700');
      for (const name of [file, `${file}-wal`, `${file}-shm`])
        expect([name, modeOf(name).toString(8)]).toEqual([name, '600']);
    } finally {
      await handle.close();
    }
  });

  it('keeps the generated token secret 0600 in a 0700 folder', () => {
    const dataDir = path.join(scratch, 'data');
    resolveJwtSecret(undefined, dataDir);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(path.join(dataDir, 'jwt-secret')).toString(8)).toBe('600');
  });

  it('reports a database file others can read', async () => {
    const file = path.join(scratch, 'shared.db');
    fs.writeFileSync(file, '', { mode: 0o644 });
    const handle = openDatabase(`sqlite:${file}`);
    await handle.close();
    expect(handle.readableByOthers).toBe(file);
  });
});
