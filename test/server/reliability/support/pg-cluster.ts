/**
 * A throwaway PostgreSQL cluster of the test's own (initdb into a temp folder, its own port,
 * started and stopped with pg_ctl as the postgres OS user), so a test can take the database
 * down without touching the machine's shared cluster.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../support/server-process';

export interface PgCluster {
  port: number;
  url: string;
  start(): void;
  /** `immediate` is a crash (no clean shutdown); `fast` terminates sessions with 57P01. */
  stop(mode?: 'immediate' | 'fast'): void;
  /** Stops the cluster if it runs and deletes its folder. Never throws. */
  destroy(): void;
}

const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/local/bin'].find((dir) =>
  fs.existsSync(path.join(dir, 'pg_ctl')),
);

/** initdb refuses to run as root: run the PostgreSQL tools as the postgres OS user then. */
function run(tool: string, args: string[]): void {
  if (!PG_BIN) throw new Error('pg_ctl/initdb not found (PostgreSQL server binaries are needed)');
  const binary = path.join(PG_BIN, tool);
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  execFileSync(command, argv, { stdio: 'pipe', timeout: 30_000 });
}

export async function createPgCluster(): Promise<PgCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-pgcluster-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', root]);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  let running = false;
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const cluster: PgCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(root, 'log'),
        '-w',
        '-t',
        '20',
        '-o',
        `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=30`,
        'start',
      ]);
      running = true;
    },
    stop(mode = 'immediate') {
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '20', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop('immediate');
      } catch {
        // Already down.
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return cluster;
}
