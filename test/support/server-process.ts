/**
 * The BUILT server (dist/server/main.mjs) as a child process on a data folder the caller owns, so
 * it can be killed and started again on the same data. Run `node scripts/build-server.mjs` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.mjs');
// A start takes about a second; on a two-core machine under a stress run's load it took over 20 s.
const START_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** Kills it with this signal (if still running) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function assertServerBuilt(): void {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(
      `${path.relative(ROOT, SERVER_ENTRY)} is missing: run "node scripts/build-server.mjs" first`,
    );
  }
}

export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  assertServerBuilt();
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dataDir, 'ticklist.db')}`,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  // Listening once any HTTP answer comes back (any log level, so not read from the log).
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitedEarly: number | string | undefined;
  void exited.then((code) => (exitedEarly = code));
  for (;;) {
    if (exitedEarly !== undefined)
      throw new Error(`server exited with ${exitedEarly} before listening:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output: () => output,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
}

/** A JSON call over real HTTP with a bounded wait. */
export async function http<T = unknown>(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
