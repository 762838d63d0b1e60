// npm run strapi:compat -- <dir> [--no-start]: creates a stock Strapi 4.25 project (SQLite) in <dir>
// unless one is there, copies Ticklist's files (compat/strapi) into it, builds its admin panel once,
// then starts it on http://127.0.0.1:1337. With --no-start it stops after preparing (CI caches <dir>).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const STRAPI_VERSION = '4.25.24';
/**
 * Pinned in the new project, so it installs from the npm registry alone and its admin panel builds:
 * - sharp 0.32 (what @strapi/plugin-upload 4.25 asks for) downloads libvips from GitHub at install
 *   time; 0.33 ships it as npm packages (@img/sharp-*), with the same API for what Strapi uses.
 * - get-intrinsic 1.3.1 and is-generator-function 1.1.2 pull in modules that export a string name
 *   (`as 'module.exports'`), which the admin bundler's esbuild 0.16 refuses; their previous releases
 *   do not.
 */
const OVERRIDES = { sharp: '0.33.5', 'get-intrinsic': '1.3.0', 'is-generator-function': '1.1.0' };

/** Written once the project is fully installed: what tells a prepared project from a half-made one. */
const MARKER = '.ticklist-compat';
const root = path.resolve(import.meta.dirname, '..');
const compatDir = path.join(root, 'compat/strapi');
// No telemetry, no update check, no cloud prompt: nothing that needs more than the npm registry.
const quietEnv = {
  STRAPI_TELEMETRY_DISABLED: 'true',
  STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
  DO_NOT_TRACK: '1',
};

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...quietEnv, ...options.env },
  });
  if (result.status !== 0) {
    console.error(`"${command} ${args.join(' ')}" failed (${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

/** create-strapi-app's own files, its dependencies installed by us (its install cannot pass the overrides). */
function createProject(dir) {
  const tool = fs.mkdtempSync(path.join(os.tmpdir(), 'create-strapi-'));
  try {
    run('npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefix',
      tool,
      `create-strapi-app@${STRAPI_VERSION}`,
    ]);
    const cli = path.join(tool, 'node_modules/create-strapi-app/bin/index.js');
    // npm_config_dry_run: its `npm install` resolves the tree (warming npm's cache) but installs nothing.
    run(process.execPath, [cli, dir, '--quickstart', '--no-run', '--use-npm', '--skip-cloud'], {
      env: { npm_config_dry_run: 'true' },
    });
  } finally {
    fs.rmSync(tool, { recursive: true, force: true });
  }
  const manifestPath = path.join(dir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  fs.writeFileSync(
    manifestPath,
    `${JSON.stringify({ ...manifest, overrides: OVERRIDES }, null, 2)}\n`,
  );
  // Written now rather than by Strapi's first start, so starting never writes into a cached project.
  fs.appendFileSync(
    path.join(dir, '.env'),
    `JWT_SECRET=${crypto.randomBytes(32).toString('base64')}\n`,
  );
  run('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir });
  fs.writeFileSync(path.join(dir, MARKER), `create-strapi-app@${STRAPI_VERSION}\n`);
}

export function prepare(dir) {
  if (!fs.existsSync(path.join(dir, MARKER))) {
    // Never into a project of yours (the files replace src/index.js and two configs), nor a half-made one.
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      console.error(
        `${dir} is not empty and was not made by this script: give an empty or new folder.`,
      );
      process.exit(1);
    }
    createProject(dir);
  }
  // Copied every time, so a prepared (cached) project always runs the current files.
  fs.cpSync(compatDir, dir, { recursive: true });
  if (!fs.existsSync(path.join(dir, 'build/index.html'))) {
    run(process.execPath, [path.join(dir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'build'], {
      cwd: dir,
      env: { NODE_ENV: 'production' },
    });
  }
}

/** Runs Strapi in the foreground until it stops (Ctrl-C), on 127.0.0.1 unless HOST says otherwise. */
export function start(dir) {
  const env = {
    ...process.env,
    ...quietEnv,
    NODE_ENV: 'production',
    HOST: process.env.HOST ?? '127.0.0.1',
  };
  const result = spawnSync(
    process.execPath,
    [path.join(dir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'],
    {
      cwd: dir,
      env,
      stdio: 'inherit',
    },
  );
  process.exitCode = result.status ?? 0;
}

if (process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith('--'));
  if (!dir) {
    console.error('Usage: npm run strapi:compat -- <dir> [--no-start]');
    process.exit(2);
  }
  const target = path.resolve(dir);
  prepare(target);
  if (!args.includes('--no-start')) start(target);
}
