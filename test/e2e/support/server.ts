/** The built production server (dist/) with the built SPA, on a fresh SQLite file and a free port. */
import fs from 'node:fs';
import { testDataRoot } from '../../server/support/data-root';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../../support/server-process';

const CLIENT_DIR = path.resolve(__dirname, '../../../dist/client');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ServerProcess['child'];
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    throw new Error('dist/client/index.html is missing: run "npm run build" first');
  }
  const dataDir = fs.mkdtempSync(path.join(testDataRoot(), 'ticklist-e2e-'));
  const server = await spawnServer(dataDir, { STATIC_DIR: CLIENT_DIR, ...env });
  return {
    url: server.url,
    dataDir,
    process: server.child,
    async stop() {
      await server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
