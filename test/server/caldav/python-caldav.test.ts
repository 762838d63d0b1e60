/**
 * @jest-environment node
 *
 * A real CalDAV client against the BUILT server (run `node scripts/build-server.mjs` first) on each
 * database under test: Debian's python3-caldav (apt-get install python3-caldav; .ci/run installs
 * it) runs python_caldav_client.py, which checks each step itself and prints one line per step.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { dialectsUnderTest } from '../support/databases';
import { startCaldavServer, type CaldavServer } from './built-server';

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

describe.each(dialectsUnderTest())('python3-caldav against the built server [%s]', (dialect) => {
  let running: CaldavServer | undefined;
  beforeAll(async () => {
    running = await startCaldavServer(dialect, 'pycaldav');
    await running.api('POST', '/api/projects', { data: { name: 'Errands' } });
  });
  afterAll(() => running?.stop());

  it('discovers, creates, queries, edits with an ETag, completes, syncs by token, deletes and repeats', async () => {
    const { server, session, password } = running!;
    const { code, output } = await runClient([
      server.url,
      session.user.username,
      password,
      session.jwt,
    ]);
    if (code !== 0)
      throw new Error(`python3-caldav failed:\n${output}\n--- server:\n${server.output()}`);
    expect(output).toContain('ALL OK');
  });
});
