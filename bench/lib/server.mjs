// Starts the production server (node dist/server/main.mjs) as its own process and reads its RSS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** VmRSS of a process in MiB, or NaN once it is gone. */
export function rssMiB(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return kib / 1024;
  } catch {
    return NaN;
  }
}

/** Linux's USER_HZ, which /proc/<pid>/stat counts in on every architecture Node runs on here. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) a process has used so far, or NaN once it is gone. */
export function cpuSeconds(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** Samples RSS every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid, everyMs = 100) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    const now = rssMiB(pid);
    if (now > peak) peak = now;
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMiB(pid) || 0);
  };
}

/**
 * The Node flags `npm start` runs the server with (package.json's start script), so the bench
 * measures the server as it is deployed; BENCH_NODE_FLAGS (space-separated) overrides them.
 * `appRoot`: the checkout whose package.json counts (an A/B run's other revision has its own).
 */
export function startFlags(appRoot = root) {
  if (process.env.BENCH_NODE_FLAGS !== undefined)
    return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const { scripts } = JSON.parse(fs.readFileSync(path.join(appRoot, 'package.json'), 'utf8'));
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** `appRoot`: the checkout whose built server runs (this one, or an A/B run's other revision). */
export async function startServer({
  databaseUrl,
  dataDir,
  extraEnv = {},
  nodeArgs = [],
  appRoot = root,
}) {
  const port = await freePort();
  fs.mkdirSync(dataDir, { recursive: true });
  const logFd = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(
    process.execPath,
    [...startFlags(appRoot), ...nodeArgs, path.join(appRoot, 'dist/server/main.mjs')],
    {
      cwd: appRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        // The default level, as `npm start` runs it: one JSON line per request, written to a file.
        LOG_LEVEL: 'info',
        ...extraEnv,
      },
      stdio: ['ignore', logFd, 'inherit'],
    },
  );
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before it answered`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/health within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function login(origin, identifier, password) {
  const response = await fetch(`${origin}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  const body = await response.json();
  if (!response.ok || typeof body.jwt !== 'string') {
    throw new Error(`login failed: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return body.jwt;
}
