/**
 * The BUILT server (run `node scripts/build-server.mjs` first) on a fresh database of a dialect,
 * with a signed-up user holding an app password, for the tests that drive real CalDAV clients.
 */
import fs from 'node:fs';
import { testDataRoot } from '../support/data-root';
import path from 'node:path';
import type { Session } from '../../../src/shared/api-types';
import type { Dialect } from '../support/databases';
import { urlForDatabase, withAdminClient } from '../support/postgres';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';

export interface CaldavServer {
  server: ServerProcess;
  dataDir: string;
  session: Session;
  /** The user's app password. */
  password: string;
  /** A JSON API call as the user. */
  api<T = unknown>(method: string, url: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export async function startCaldavServer(dialect: Dialect, label: string): Promise<CaldavServer> {
  const dataDir = fs.mkdtempSync(path.join(testDataRoot(), `ticklist-${label}-`));
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  let drop = async () => undefined;
  if (dialect === 'postgres') {
    const name = `${process.env.TICKLIST_TEST_DB_PREFIX ?? 'ticklist_test_adhoc'}_${label}_${process.pid}`;
    const dropIt = () =>
      withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    await dropIt();
    await withAdminClient((client) => client.query(`create database "${name}"`));
    env.DATABASE_URL = urlForDatabase(name);
    drop = async () => void (await dropIt());
  }
  const server = await spawnServer(dataDir, env);
  const who = `${label}_${process.pid}`;
  const { body: session } = await http<Session>(server.url, 'POST', '/api/auth/local/register', {
    body: { email: `${who}@example.com`, username: who, password: 'Kiwi#Lamp42' },
  });
  const api = async <T>(method: string, url: string, body?: unknown) => {
    const answer = await http<T>(server.url, method, url, { token: session.jwt, body });
    if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status}`);
    return answer.body;
  };
  const made = await api<{ data: { password: string } }>('POST', '/api/app-passwords', {
    data: { name: label },
  });
  return {
    server,
    dataDir,
    session,
    password: made.data.password,
    api,
    async stop() {
      await server.kill('SIGTERM');
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
