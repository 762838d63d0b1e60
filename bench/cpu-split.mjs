// Where a call's CPU goes on PostgreSQL: the server's, PostgreSQL's (every `postgres` process,
// from /proc) and the load generator's (this process), per request, with req/s and latency.
//
//   node bench/cpu-split.mjs                    # list, search, deep (page 500), me; 2 runs of 8 s
//   CALLS=deep,list RUNS=3 DURATION=10 RATE=3400 node bench/cpu-split.mjs
//
// RATE holds autocannon to that many requests a second in all (to compare calls at one rate);
// SERVER_ENV is JSON added to the server's environment (e.g. '{"LOG_LEVEL":"warn"}');
// BENCH_PG_URL as for `npm run bench` (default postgres://postgres@127.0.0.1:5432/postgres).
// Needs `npm run build`. Run it on an otherwise idle machine: every process on it is counted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALLS } from './lib/calls.mjs';
import { cannon } from './lib/load.mjs';
import { createPgDatabase, dropPgDatabase, seedDatabase } from './lib/seed.mjs';
import { cpuSeconds, login, startServer } from './lib/server.mjs';

const env = process.env;
const calls = (env.CALLS ?? 'list,search,deep,me').split(',');
for (const call of calls) if (!CALLS[call]) throw new Error(`unknown call ${call}: one of ${Object.keys(CALLS).join(', ')}`);
const runs = Number(env.RUNS ?? 2);
const duration = Number(env.DURATION ?? 8);
const adminUrl = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const postgresPids = () => {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().split(/\s+/).filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
};
const postgresCpu = () => postgresPids().reduce((sum, pid) => sum + (cpuSeconds(pid) || 0), 0);
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const load = (origin, path, jwt, seconds) =>
  cannon({ origin, path, jwt, connections: 50, duration: seconds, rate: env.RATE ? Number(env.RATE) : undefined });

const name = `ticklist_cpu_split_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-cpu-split-'));
const url = await createPgDatabase(adminUrl, name);
let server;
try {
  const { user } = await seedDatabase({ kind: 'postgres', url });
  server = await startServer({ databaseUrl: url, dataDir, extraEnv: JSON.parse(env.SERVER_ENV ?? '{}') });
  const jwt = await login(server.origin, user.email, user.password);
  for (const call of calls) await load(server.origin, CALLS[call], jwt, 3); // warm-up
  console.log('call      req/s   p50  p99 ms   CPU µs a request: server  PostgreSQL  load generator');
  for (let run = 0; run < runs; run++) {
    for (const call of calls) {
      const before = { server: cpuSeconds(server.pid), postgres: postgresCpu(), own: ownCpu() };
      const result = await load(server.origin, CALLS[call], jwt, duration);
      const perRequest = (now, then) => Math.round(((now - then) * 1e6) / result.requests);
      console.log(
        `${call.padEnd(8)} ${result.reqPerSec.toFixed(0).padStart(6)} ${String(result.latency.p50).padStart(5)} ${String(result.latency.p99).padStart(4)}` +
          `${String(perRequest(cpuSeconds(server.pid), before.server)).padStart(31)}` +
          `${String(perRequest(postgresCpu(), before.postgres)).padStart(12)}` +
          `${String(perRequest(ownCpu(), before.own)).padStart(16)}`,
      );
    }
  }
} finally {
  await server?.stop();
  await dropPgDatabase(adminUrl, name);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
