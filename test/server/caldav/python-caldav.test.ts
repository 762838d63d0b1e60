/**
 * @jest-environment node
 *
 * A real CalDAV client against the BUILT server (run `node scripts/build-server.mjs` first) on each
 * database under test: Debian's python3-caldav (apt-get install python3-caldav; .ci/run installs
 * it) runs python_caldav_client.py, which checks each step itself and prints one line per step.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Session } from '../../../src/shared/api-types';
import { dialectsUnderTest } from '../support/databases';
import { urlForDatabase, withAdminClient } from '../support/postgres';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';

jest.setTimeout(120_000);

const SCRIPT = path.join(__dirname, 'python_caldav_client.py');
// Debian's interpreter: a python3 earlier on PATH (pyenv) does not see Debian's packages.
const PYTHON = '/usr/bin/python3';

function runClient(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(PYTHON, [SCRIPT, ...args], { timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

async function signUpWithAppPassword(url: string) {
  const who = `caldav_${process.pid}_${Date.now() % 100_000}`;
  const { body: session } = await http<Session>(url, 'POST', '/api/auth/local/register', {
    body: { email: `${who}@example.com`, username: who, password: 'Kiwi#Lamp42' },
  });
  const made = await http<{ data: { password: string } }>(url, 'POST', '/api/app-passwords', {
    token: session.jwt,
    body: { data: { name: 'python-caldav' } },
  });
  await http(url, 'POST', '/api/projects', {
    token: session.jwt,
    body: { data: { name: 'Errands' } },
  });
  return { session, password: made.body.data.password };
}

describe.each(dialectsUnderTest())('python3-caldav against the built server [%s]', (dialect) => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-caldav-'));
    const env: Record<string, string> = { LOG_LEVEL: 'warn' };
    if (dialect === 'postgres') {
      const name = `${process.env.TICKLIST_TEST_DB_PREFIX ?? 'ticklist_test_adhoc'}_caldav_${process.pid}`;
      await withAdminClient((client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
      await withAdminClient((client) => client.query(`create database "${name}"`));
      env.DATABASE_URL = urlForDatabase(name);
      dropDatabase = () =>
        withAdminClient((client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        ).then(() => undefined);
    }
    server = await spawnServer(dataDir, env);
  });

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('discovers, creates, queries, edits with an ETag, completes, syncs by token and deletes', async () => {
    const { session, password } = await signUpWithAppPassword(server!.url);
    const { code, output } = await runClient([
      server!.url,
      session.user.username,
      password,
      session.jwt,
    ]);
    if (code !== 0)
      throw new Error(`python3-caldav failed:\n${output}\n--- server:\n${server!.output()}`);
    expect(output).toContain('ALL OK');
  });
});
