// BENCH_AB=<git rev> npm run bench: this checkout (B) against another revision (A), each its own
// server on a fresh SQLite database with one user owning 10,000 todos, the issue's calls run on
// both in ABBA order (BAAB in the next round), so a drift of the machine's speed over the minutes
// of a round weighs on both sides alike and each call's ratio survives a noisy machine. With
// BENCH_PG_URL, this checkout on PostgreSQL (P) joins in the middle: ABPPBA.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALLS } from './calls.mjs';
import { cannon, sequential, timedRequest } from './load.mjs';
import { prepareRevision, startSeededServer } from './ab-revision.mjs';
import { BENCH_PASSWORD, createPgDatabase, dropPgDatabase, seedDatabase } from './seed.mjs';
import { cpuSeconds, login, root, startFlags, startServer } from './server.mjs';

const TODOS = 10_000;
const CREATES = 100;

const LOAD_CALLS = [
  { id: 'list', label: 'list page 1', path: CALLS.list },
  { id: 'search', label: '`filters[title][$contains]=re`', path: CALLS.search },
  { id: 'deep', label: 'page 500 `sort=title:desc`', path: CALLS.deep },
  { id: 'me', label: '`/users/me`', path: CALLS.me },
];

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const fmt = (value, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The answers both sides must agree on before their speed means anything. */
async function check(side) {
  const get = async (p) => {
    const response = await fetch(side.origin + p, {
      headers: { authorization: `Bearer ${side.jwt}` },
    });
    if (!response.ok) throw new Error(`${side.name}: ${p} answered ${response.status}`);
    return response.json();
  };
  const total = (await get(CALLS.list)).meta.pagination.total;
  const deepRows = (await get(CALLS.deep)).data.length;
  if (total !== TODOS || deepRows !== 10)
    throw new Error(`${side.name}: lists ${total} todos and ${deepRows} rows on page 500`);
}

/** One measured run of `call` on `side`: requests a second (load calls) or ms for all the creates. */
async function measure(side, call, settings, round) {
  const cpuBefore = cpuSeconds(side.server.pid);
  if (call.id === 'creates') {
    const result = await sequential({
      origin: side.origin,
      path: '/api/todos',
      jwt: side.jwt,
      method: 'POST',
      count: CREATES,
      warmup: 0,
      body: (i) =>
        JSON.stringify({ data: { title: `Bench post ${round}-${i}`, completed: false } }),
    });
    if (result.failures) throw new Error(`${side.name}: ${result.failures} POST /api/todos failed`);
    const cpuUs = ((cpuSeconds(side.server.pid) - cpuBefore) / CREATES) * 1e6;
    return { value: result.total, cpuUs };
  }
  const result = await cannon({
    origin: side.origin,
    path: call.path,
    jwt: side.jwt,
    connections: settings.connections,
    duration: settings.duration,
  });
  if (result.non2xx || result.errors)
    throw new Error(
      `${side.name}: ${call.id} had ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  const cpuUs = ((cpuSeconds(side.server.pid) - cpuBefore) / result.requests) * 1e6;
  return { value: result.reqPerSec, cpuUs };
}

async function warmUp(side, settings) {
  for (const call of LOAD_CALLS)
    await cannon({
      ...side,
      path: call.path,
      connections: settings.connections,
      duration: settings.warmup,
    });
  for (let i = 0; i < 20; i++)
    await timedRequest({
      ...side,
      path: '/api/todos',
      method: 'POST',
      body: JSON.stringify({ data: { title: `Bench warm-up ${i}` } }),
    });
}

/** B / A of the means (and P / B with PostgreSQL): throughput, or time for the creates. */
function ratio(call, over, under) {
  const value = fmt(call.sides[over].mean / call.sides[under].mean, 2);
  return `${value}× the ${call.unit === 'ms' ? 'time' : 'throughput'}`;
}

function markdown(report) {
  const { sides, settings } = report;
  const pairs = [['B', 'A'], ...(sides.some((s) => s.name === 'P') ? [['P', 'B']] : [])];
  const head = [
    'call',
    ...sides.map((s) => `${s.name}: ${s.label}`),
    ...pairs.map(([over, under]) => `${over} / ${under}`),
    `server CPU µs a request, ${sides.map((s) => s.name).join(' → ')}`,
  ];
  const rows = report.calls.map((c) => {
    const runs = (name) =>
      `${c.sides[name].runs.map((v) => fmt(v, c.unit === 'ms' ? 1 : 0)).join(' / ')} ${c.unit}`;
    return [
      c.label,
      ...sides.map((s) => runs(s.name)),
      ...pairs.map(([over, under]) => ratio(c, over, under)),
      sides.map((s) => fmt(c.sides[s.name].cpuUs)).join(' → '),
    ];
  });
  const order = sides.map((s) => s.name).join('');
  return [
    `# A/B — ${report.when}`,
    '',
    `${report.machine}. One user with ${fmt(TODOS)} todos on a fresh database each side; autocannon ${settings.connections} connections × ${settings.duration} s (warm-up ${settings.warmup} s per call), ${CREATES} creates one after another; ${settings.rounds} round(s), each call's runs in the order the columns list them (${order}${[...order].reverse().join('')}, then the mirror). Server flags: ${sides.map((s) => `${s.name} ${s.flags.join(' ') || 'none'}`).join('; ')}.`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ].join('\n');
}

/** This checkout on a throwaway PostgreSQL database, seeded by the suite's own seed. */
async function startPostgresSide(pgAdminUrl, dataDir) {
  const name = `ticklist_ab_${process.pid}`;
  const url = await createPgDatabase(pgAdminUrl, name);
  const seeded = await seedDatabase({ kind: 'postgres', url });
  const server = await startServer({ databaseUrl: url, dataDir });
  return {
    server,
    username: seeded.user.username,
    drop: () => dropPgDatabase(pgAdminUrl, name),
  };
}

/**
 * `rev` (A) against this checkout (B), both on SQLite; with `pgAdminUrl` also this checkout on
 * PostgreSQL (P), run between them (ABPPBA), so PostgreSQL is compared with SQLite over the same
 * minutes too.
 */
export async function runAb({ rev, settings, pgAdminUrl, log }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-ab-'));
  const revision = prepareRevision(rev, log);
  const sides = [
    { name: 'A', label: revision.label, appRoot: revision.dir },
    { name: 'B', label: 'this checkout', appRoot: root },
    ...(pgAdminUrl ? [{ name: 'P', label: 'this checkout on PostgreSQL', appRoot: root }] : []),
  ];
  try {
    for (const side of sides) {
      log(`   ${side.name} (${side.label}): seeding ${fmt(TODOS)} todos, starting its server`);
      const dataDir = path.join(tmp, side.name);
      const started =
        side.name === 'P'
          ? await startPostgresSide(pgAdminUrl, dataDir)
          : await startSeededServer({ appRoot: side.appRoot, dataDir, todos: TODOS });
      Object.assign(side, started, {
        origin: started.server.origin,
        flags: startFlags(side.appRoot),
      });
      side.jwt = await login(side.origin, started.username, BENCH_PASSWORD);
      await check(side);
    }
    log(`   warm-up: ${settings.warmup} s per call on each side`);
    for (const side of sides) await warmUp(side, settings);

    const calls = [...LOAD_CALLS, { id: 'creates', label: `${CREATES} sequential creates` }];
    const results = calls.map((call) => ({
      ...call,
      unit: call.id === 'creates' ? 'ms' : 'req/s',
      sides: Object.fromEntries(sides.map((side) => [side.name, { runs: [], cpu: [] }])),
    }));
    for (let round = 1; round <= settings.rounds; round++) {
      const there = round % 2 ? sides : [...sides].reverse();
      const order = [...there, ...[...there].reverse()];
      for (const [n, call] of calls.entries()) {
        for (const [i, side] of order.entries()) {
          const { value, cpuUs } = await measure(side, call, settings, `${round}${i}`);
          const into = results[n].sides[side.name];
          into.runs.push(value);
          into.cpu.push(cpuUs);
          log(
            `   round ${round} ${call.id.padEnd(7)} ${side.name} ${fmt(value, call.id === 'creates' ? 1 : 0).padStart(7)} ${results[n].unit}  server CPU ${fmt(cpuUs)} µs a request`,
          );
        }
      }
    }
    for (const call of results)
      for (const side of Object.values(call.sides))
        Object.assign(side, { mean: mean(side.runs), cpuUs: mean(side.cpu) });

    const report = {
      when: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
      settings,
      revision: { rev, sha: revision.sha },
      sides: sides.map(({ name, label, flags }) => ({ name, label, flags })),
      calls: results,
    };
    return { report, markdown: markdown(report) };
  } finally {
    for (const side of sides) {
      await side.server?.stop();
      await side.drop?.();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
