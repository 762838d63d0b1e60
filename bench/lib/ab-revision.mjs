// The other side of an A/B run (BENCH_AB=<git rev>): that revision extracted into a folder of
// its own, its packages installed and its server and SPA built by its own `npm run build`, and a
// fresh SQLite database for it seeded with what this bench seeds, whatever that revision's schema.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BENCH_PASSWORD, todoRow } from './seed.mjs';
import { serverCode } from './server-code.mjs';
import { root, startServer } from './server.mjs';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/**
 * A built checkout of `rev`, kept in the temp folder by commit (a commit never changes, so a
 * second run skips the build; BENCH_AB_FRESH=1 rebuilds). `git archive` rather than `git worktree
 * add`: nothing is registered in the repository that an interrupted run could leave behind.
 * node_modules starts as hard links to this checkout's; when the lockfiles differ, `npm install`
 * changes only the packages that differ (native ones of the same version keep their binaries,
 * which `npm ci` would fetch or compile again).
 */
export function prepareRevision(rev, log) {
  const sha = git('rev-parse', '--verify', `${rev}^{commit}`);
  const dir = path.join(os.tmpdir(), 'ticklist-bench-ab', sha);
  const marker = path.join(dir, '.bench-ab-built');
  const label = sha.startsWith(rev) ? sha.slice(0, 7) : `${rev} (${sha.slice(0, 7)})`;
  if (fs.existsSync(marker) && process.env.BENCH_AB_FRESH !== '1') {
    log(`   ${label}: built checkout reused from ${dir}`);
    return { dir, sha, label };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`   ${label}: extracting into ${dir}`);
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`], { cwd: root });
  run('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')], dir);
  const lock = (folder) => fs.readFileSync(path.join(folder, 'package-lock.json'), 'utf8');
  if (lock(dir) !== lock(root)) {
    log(`   ${label}: its package-lock.json differs: npm install --prefer-offline`);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  }
  log(`   ${label}: npm run build`);
  run('npm', ['run', 'build'], dir);
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
  return { dir, sha, label };
}

/** Columns that `file`'s table has, so rows fit the schema of whichever revision made it. */
const columnsOf = (sqlite, table) =>
  new Set(
    sqlite
      .prepare(`select name from pragma_table_info('${table}')`)
      .all()
      .map((c) => c.name),
  );

/** Inserts the rows (objects) into `table`, each with only the columns the table has. */
function insertRows(sqlite, table, rows) {
  const present = columnsOf(sqlite, table);
  const columns = Object.keys(rows[0]).filter((column) => present.has(column));
  const insert = sqlite.prepare(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  );
  const ids = sqlite.transaction(() =>
    rows.map((row) => insert.run(...columns.map((c) => row[c])).lastInsertRowid),
  )();
  return ids.map(Number);
}

/**
 * Starts `appRoot`'s server on a fresh SQLite file in `dataDir` with one user owning `todos`
 * todos. The server runs once to make its schema (each revision migrates at start), then the
 * user (a real argon2id hash, server defaults) and the todos (this bench's rows; the revision's
 * own triggers see every insert) go in by SQL, and the server starts again on the seeded file.
 */
export async function startSeededServer({ appRoot, dataDir, todos }) {
  const file = path.join(dataDir, 'bench.db');
  const databaseUrl = `sqlite:${file}`;
  await (await startServer({ databaseUrl, dataDir, appRoot })).stop();

  const hasher = serverCode.createPasswordHasher({
    memoryKiB: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const username = `bench_${path.basename(dataDir)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const now = new Date().toISOString();
  const sqlite = new SQLite(file);
  try {
    const [ownerId] = insertRows(sqlite, 'users', [
      {
        username,
        username_key: username,
        email: `${username}@bench.example`,
        password_hash: await hasher.hash(BENCH_PASSWORD),
        provider: 'local',
        confirmed: 1,
        blocked: 0,
        created_at: now,
        updated_at: now,
      },
    ]);
    const baseMs = Date.parse('2025-01-01T00:00:00.000Z');
    insertRows(
      sqlite,
      'todos',
      Array.from({ length: todos }, (_, i) => todoRow(ownerId, i, baseMs)),
    );
  } finally {
    sqlite.close();
  }
  const server = await startServer({ databaseUrl, dataDir, appRoot });
  return { server, username };
}
