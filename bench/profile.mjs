#!/usr/bin/env node
// Where the server's time goes under one call's load: seeds a throwaway database (10,000 todos;
// SQLite, or PostgreSQL when BENCH_PG_URL is given), starts the production server with --cpu-prof,
// drives one call with autocannon, stops the server and prints the functions with the most self
// time (and writes the .cpuprofile for Chrome DevTools). Not a benchmark: the profiler slows
// everything down.
//
//   node --import tsx bench/profile.mjs [list|search|deep|me|populate] [seconds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALLS } from './lib/calls.mjs';
import { cannon } from './lib/load.mjs';
import { createPgDatabase, dropPgDatabase, seedDatabase } from './lib/seed.mjs';
import { login, startServer } from './lib/server.mjs';

const call = process.argv[2] ?? 'list';
const seconds = Number(process.argv[3] ?? 10);
if (!CALLS[call]) throw new Error(`unknown call ${call}; one of ${Object.keys(CALLS).join(', ')}`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-profile-'));
const profileDir = path.join(tmp, 'profiles');
const pgAdminUrl = process.env.BENCH_PG_URL;
const pgName = `ticklist_profile_${process.pid}`;
const url = pgAdminUrl
  ? await createPgDatabase(pgAdminUrl, pgName)
  : `sqlite:${path.join(tmp, 'bench.db')}`;
const seeded = await seedDatabase({ kind: pgAdminUrl ? 'postgres' : 'sqlite', url });
const server = await startServer({
  databaseUrl: url,
  dataDir: path.join(tmp, 'data'),
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
});
try {
  const jwt = await login(server.origin, seeded.user.username, seeded.user.password);
  const result = await cannon({
    origin: server.origin,
    path: CALLS[call],
    jwt,
    connections: 50,
    duration: seconds,
  });
  console.log(
    `${call}: ${Math.round(result.reqPerSec)} req/s (profiled), p99 ${result.latency.p99} ms`,
  );
} finally {
  await server.stop();
  if (pgAdminUrl) await dropPgDatabase(pgAdminUrl, pgName);
}

const [file] = fs.readdirSync(profileDir);
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8'));
const selfTime = new Map();
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const dt = new Map();
profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
let total = 0;
for (const [id, micros] of dt) {
  const { callFrame } = byId.get(id);
  const where = `${callFrame.functionName || '(anonymous)'} ${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}`;
  selfTime.set(where, (selfTime.get(where) ?? 0) + micros);
  total += micros;
}
const top = [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [where, micros] of top)
  console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${where}`);
const kept = path.join(os.tmpdir(), `ticklist-${call}.cpuprofile`);
fs.copyFileSync(path.join(profileDir, file), kept);
console.log(`profile: ${kept}`);
fs.rmSync(tmp, { recursive: true, force: true });
