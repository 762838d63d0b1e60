/** Starts the built production server (dist/) as a child process on a fresh SQLite file and a free port. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.mjs');
const CLIENT_INDEX = path.join(ROOT, 'dist/client/index.html');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (const file of [SERVER_ENTRY, CLIENT_INDEX]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run "npm run build" first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-e2e-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'ticklist.db')}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s:\n${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
