/**
 * A Strapi 4.25 project prepared by `npm run strapi:compat -- <dir> --no-start` (STRAPI_COMPAT_DIR),
 * started on a fresh SQLite file with the current compat/strapi files, and the SPA built for it
 * (VITE_API_FLAVOR=strapi) served by `vite preview`: two origins, as in a real deployment.
 * Without a prepared project the suite is skipped with a line saying how to enable it, except
 * under CI=true, where it fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../../e2e/support/browser';
import { freePort } from '../../support/server-process';

const ROOT = path.resolve(__dirname, '../../..');
export const STRAPI_DIR = process.env.STRAPI_COMPAT_DIR
  ? path.resolve(process.env.STRAPI_COMPAT_DIR)
  : undefined;
const STRAPI_START_TIMEOUT_MS = 120_000;

/** The script's marker (written once installed) and the admin build it makes last. */
const strapiPrepared = (dir: string | undefined): dir is string =>
  dir !== undefined &&
  fs.existsSync(path.join(dir, '.ticklist-compat')) &&
  fs.existsSync(path.join(dir, 'build/index.html'));

const HOW_TO = 'npm run strapi:compat -- <dir> --no-start, then STRAPI_COMPAT_DIR=<dir> npm test';

/** Why the suite cannot run here (no prepared Strapi project, no Chromium), or undefined when it can. */
export function strapiMissing(): string | undefined {
  const missing = !strapiPrepared(STRAPI_DIR)
    ? `no prepared Strapi project${STRAPI_DIR ? ` in ${STRAPI_DIR}` : ' (STRAPI_COMPAT_DIR is unset)'}`
    : !fs.existsSync(CHROMIUM_PATH)
      ? `no Chromium at ${CHROMIUM_PATH}`
      : undefined;
  return missing && `${missing}. To run it: ${HOW_TO}`;
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`exited with ${child.exitCode} before answering ${url}:\n${output()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

function spawnLogged(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

export interface StrapiStage {
  /** Strapi's origin: the SPA's API and the one the helpers in test/e2e/support call. */
  apiUrl: string;
  /** Where vite preview serves the SPA built for that Strapi. */
  appUrl: string;
  /** How long Strapi took from spawn to its first answer. */
  startupMs: number;
  stop(): Promise<void>;
}

/** Strapi on a fresh database, and the SPA built for it and served from another origin. */
export async function startStrapiStage(): Promise<StrapiStage> {
  const dir = STRAPI_DIR!;
  const apiPort = await freePort();
  let appPort = await freePort();
  while (appPort === apiPort) appPort = await freePort(); // both were free, but each one only until closed
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  // The current files, so the prepared (cached) project cannot run stale ones.
  fs.cpSync(path.join(ROOT, 'compat/strapi'), dir, { recursive: true });
  const database = `.tmp/e2e-${crypto.randomBytes(6).toString('hex')}.db`; // relative: config/database.js joins it to the project
  const startedAt = Date.now();
  const strapi = spawnLogged(
    process.execPath,
    ['node_modules/@strapi/strapi/bin/strapi.js', 'start'],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        DATABASE_FILENAME: database,
        CORS_ORIGINS: appUrl,
        STRAPI_TELEMETRY_DISABLED: 'true',
        STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      },
    },
  );
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-spa-strapi-'));
  let preview: ReturnType<typeof spawnLogged> | undefined;
  const stop = async () => {
    preview?.child.kill('SIGTERM');
    strapi.child.kill('SIGTERM');
    await Promise.all([preview && waitForExit(preview.child), waitForExit(strapi.child)]);
    fs.rmSync(outDir, { recursive: true, force: true });
    for (const suffix of ['', '-journal', '-wal', '-shm'])
      fs.rmSync(path.join(dir, `${database}${suffix}`), { force: true });
  };
  try {
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    const build = spawnSync(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        // A test runner's NODE_ENV=test would make Vite build React's development code (StrictMode
        // then starts the session actor twice, and a registration is sent twice).
        env: {
          ...process.env,
          NODE_ENV: 'production',
          VITE_API_URL: apiUrl,
          VITE_API_FLAVOR: 'strapi',
        },
        encoding: 'utf8',
      },
    );
    if (build.status !== 0)
      throw new Error(`building the SPA for Strapi failed:\n${build.stdout}${build.stderr}`);
    preview = spawnLogged(
      process.execPath,
      [
        vite,
        'preview',
        '--outDir',
        outDir,
        '--host',
        '127.0.0.1',
        '--port',
        String(appPort),
        '--strictPort',
      ],
      {
        cwd: ROOT,
        env: process.env,
      },
    );
    await waitUntilAnswering(`${appUrl}/`, preview.child, preview.output, 30_000);
    await waitUntilAnswering(
      `${apiUrl}/_health`,
      strapi.child,
      strapi.output,
      STRAPI_START_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, appUrl, startupMs: Date.now() - startedAt, stop };
}
