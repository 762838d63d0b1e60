#!/usr/bin/env node
// Ticklist benchmark suite (issue 5): `npm run bench`.
//
// Seeds a throwaway database per engine (SQLite always, PostgreSQL when BENCH_PG_URL or a
// postgres:// DATABASE_URL is given), starts the production server on it as its own process,
// drives each call with autocannon (every request authenticated), reads the server's RSS, and
// writes bench/results/<stamp>.{json,md} plus bench/results/latest.{json,md}.
//
// Environment: BENCH_DURATION (s, 20), BENCH_CONNECTIONS (50), BENCH_RUNS (3), BENCH_WARMUP (s),
// BENCH_SEQ_REQUESTS (per call in the one-at-a-time measurements, 200), BENCH_SCALE=1 (the
// 1,000,000-row scenario), BENCH_SQLITE=0 (skip SQLite), BENCH_PG_URL, BENCH_LIGHTHOUSE=1; with
// PostgreSQL the live events too (bench/lib/events.mjs): BENCH_EVENTS=0 skips them, BENCH_EVENTS_ONLY=1
// runs only them (after seeding), BENCH_EVENT_WRITES (300), BENCH_EVENT_STREAMS (1000; also how many
// one token opens in bench/lib/stream-fanout.mjs).
// A maximal import while another user lists (bench/lib/import-load.mjs): BENCH_IMPORT=0 skips it,
// BENCH_IMPORT_ONLY=1 runs only it (after seeding).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cannon, median, sequential, timedRequest } from './lib/load.mjs';
import { createPgDatabase, dropPgDatabase, seedDatabase } from './lib/seed.mjs';
import {
  cpuSeconds,
  login,
  root,
  rssMiB,
  sampleRss,
  startFlags,
  startServer,
} from './lib/server.mjs';
import { measureGenerate } from './lib/generate-time.mjs';
import { CALLS } from './lib/calls.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';
import { measureSpaSize } from './lib/spa-size.mjs';
import { benchEventLatency, benchOpenStreams, eventRows, STREAMS_PER_USER } from './lib/events.mjs';
import { benchStreamFanOut, fanOutRows } from './lib/stream-fanout.mjs';
import { benchImportLoad, importLoadRows } from './lib/import-load.mjs';
import { runAb } from './lib/ab.mjs';

const env = process.env;
const num = (name, fallback) =>
  env[name] !== undefined && env[name] !== '' ? Number(env[name]) : fallback;
const settings = {
  duration: num('BENCH_DURATION', 20),
  connections: num('BENCH_CONNECTIONS', 50),
  runs: num('BENCH_RUNS', 3),
  seqRequests: num('BENCH_SEQ_REQUESTS', 200),
  scale: env.BENCH_SCALE === '1' || env.BENCH_SCALE === 'true',
  sqlite: env.BENCH_SQLITE !== '0',
  lighthouse: env.BENCH_LIGHTHOUSE === '1',
  events: env.BENCH_EVENTS !== '0',
  eventsOnly: env.BENCH_EVENTS_ONLY === '1',
  eventWrites: num('BENCH_EVENT_WRITES', 300),
  eventStreams: num('BENCH_EVENT_STREAMS', 1000),
  importLoad: env.BENCH_IMPORT !== '0',
  importOnly: env.BENCH_IMPORT_ONLY === '1',
};
settings.warmup = num('BENCH_WARMUP', Math.min(5, Math.max(1, Math.round(settings.duration / 4))));
const pgAdminUrl =
  env.BENCH_PG_URL ||
  (/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') ? env.DATABASE_URL : undefined);

const log = (...args) => console.log(...args);
/** How long a server goes without requests before its RSS counts as idle. */
const IDLE_SECONDS = 20;
const round = (value, digits = 1) =>
  Number.isFinite(value) ? Number(value.toFixed(digits)) : null;

// ---------- the calls and their targets ----------
const {
  list: LIST,
  search: SEARCH,
  deep: DEEP,
  due: DUE,
  me: ME,
  populate: POPULATE,
  project: PROJECT,
  counts: COUNTS,
  roots: ROOTS,
  label: LABEL,
} = CALLS;

const LOAD_SCENARIOS = [
  {
    id: 'list',
    label: 'GET /api/todos page 1, sort createdAt:asc',
    path: LIST,
    minRps: 5000,
    maxP99: 15,
  },
  {
    id: 'search',
    label: 'same + filters[title][$contains]=re',
    path: SEARCH,
    minRps: 1500,
    maxP99: 40,
  },
  { id: 'deep', label: 'page 500, sort title:desc', path: DEEP, minRps: 2500, maxP99: 25 },
  // Two in five seeded todos have a due date: the undated ones sort last (issue 28), held to the list's targets.
  { id: 'due', label: 'page 1, sort dueDate:asc', path: DUE, minRps: 5000, maxP99: 15 },
  // A project's page (issue 41): one of the bench user's 50 projects, held to the list's targets.
  {
    id: 'project',
    label: 'page 1 of a project, filters[project][id][$eq]',
    path: PROJECT,
    minRps: 5000,
    maxP99: 15,
  },
  // Roots with their subtasks populated (one more query, and a counted total): provisional targets,
  // from its CPU per request, about 2.2 times the list's in a smoke run (bench/README).
  {
    id: 'roots',
    label: 'page 1 of roots, populate[subtasks][fields]',
    path: ROOTS,
    minRps: 2000,
    maxP99: 30,
  },
  // A label's page: one of the bench user's 20 labels, held to the list's targets.
  {
    id: 'label',
    label: 'page 1 of a label, filters[labels][id][$eq]',
    path: LABEL,
    minRps: 5000,
    maxP99: 15,
  },
  { id: 'me', label: 'GET /api/users/me', path: ME, minRps: 8000 },
];

// ---------- one engine ----------
async function sanityCheck(origin, jwt, expectedTodos, ids = { project: 7, label: 7 }) {
  const get = async (p) => {
    const response = await fetch(origin + p, { headers: { authorization: `Bearer ${jwt}` } });
    if (!response.ok) throw new Error(`${p} answered ${response.status}`);
    return response.json();
  };
  const list = await get(LIST);
  const search = await get(SEARCH);
  const deep = await get(DEEP);
  const checks = {
    total: list.meta.pagination.total,
    searchTotal: search.meta.pagination.total,
    deepRows: deep.data.length,
  };
  if (checks.total !== expectedTodos)
    throw new Error(`expected ${expectedTodos} todos, the API lists ${checks.total}`);
  if (checks.deepRows !== 10) throw new Error(`page 500 has ${checks.deepRows} rows, expected 10`);
  if (!search.data.every((todo) => todo.attributes.title.toLowerCase().includes('re')))
    throw new Error('search returned a non-matching title');
  // A tenth of the seeded todos has two subtasks: the roots' page lists them (seed.mjs).
  const roots = await get(ROOTS);
  const subtasks = roots.data.map((todo) => todo.attributes.subtasks.data.length).join(',');
  if (expectedTodos === 10_000 && subtasks !== '2,0,0,0,0,0,0,0,2,0')
    throw new Error(`the roots' page has subtasks ${subtasks}, expected 2,0,0,0,0,0,0,0,2,0`);
  // Todo i is in project i % 51 and has label i % 21 (seed.mjs): the calls name one of this user's.
  for (const call of ['project', 'label']) {
    const found = (await get(callFor(call, ids))).meta.pagination.total;
    if (Math.abs(found - expectedTodos / (call === 'project' ? 51 : 21)) > expectedTodos / 100)
      throw new Error(`${call} ${ids[call]} lists ${found} todos of ${expectedTodos}`);
  }
  return checks;
}

/**
 * Every sort order of the list, the search and page 500, one request at a time, on each target
 * ({ origin, jwt }) in turn per call, so the targets are compared over the same minutes (the
 * machine's speed drifts over the minutes a matrix takes). One row list per target.
 */
/** CALLS[call], with the project and label of that user (`seedDatabase`'s ids) where it names one. */
function callFor(call, ids) {
  if (call === 'project') return CALLS.project.replace(/\]=7$/, `]=${ids.project}`);
  if (call === 'label') return CALLS.label.replace(/\]=7$/, `]=${ids.label}`);
  return CALLS[call];
}

async function sortMatrix(targets, count) {
  const fields = ['createdAt', 'updatedAt', 'title', 'completed', 'dueDate', 'id'];
  const rows = targets.map(() => []);
  for (const field of fields) {
    for (const direction of ['asc', 'desc']) {
      const sort = `sort=${field}:${direction}`;
      const calls = {
        list: `/api/todos?pagination[pageSize]=10&pagination[page]=1&${sort}`,
        search: `/api/todos?pagination[pageSize]=10&pagination[page]=1&${sort}&filters[title][$contains]=re`,
        deep: `/api/todos?pagination[pageSize]=10&pagination[page]=500&${sort}`,
      };
      for (const [call, p] of Object.entries(calls)) {
        for (const [i, { origin, jwt }] of targets.entries()) {
          const result = await sequential({ origin, path: p, jwt, count, warmup: 5 });
          rows[i].push({
            sort: `${field}:${direction}`,
            call,
            p50: round(result.p50, 2),
            p95: round(result.p95, 2),
            p99: round(result.p99, 2),
            failures: result.failures,
          });
        }
      }
    }
  }
  // Issue 41's calls in the list's own order: a project's page, a label's page, the roots with
  // their subtasks and the sidebar's counts (the 1,000,000-row seed gives the bench user the same
  // 50 projects and 20 labels, so each holds ten times the todos).
  for (const call of ['project', 'label', 'roots', 'counts']) {
    for (const [i, { origin, jwt, ids }] of targets.entries()) {
      const result = await sequential({ origin, path: callFor(call, ids), jwt, count, warmup: 5 });
      rows[i].push({
        sort: call === 'counts' ? '-' : 'createdAt:asc',
        call,
        p50: round(result.p50, 2),
        p95: round(result.p95, 2),
        p99: round(result.p99, 2),
        failures: result.failures,
      });
    }
  }
  return rows;
}

async function benchEngine(engine, tmp, shared) {
  const out = { engine: engine.label };
  log(`\n== ${engine.label}: seeding 10,000 todos for one user`);
  // The live events' streams belong to 10 users each (one user holds at most 10), without todos.
  const streamHolders = settings.events ? Math.ceil(settings.eventStreams / STREAMS_PER_USER) : 0;
  const seeded = await seedDatabase({
    kind: engine.kind,
    url: engine.url,
    otherUsers: streamHolders,
  });
  out.seed = { seconds: round(seeded.seconds, 1), reShare: round(seeded.reShare, 3) };
  log(
    `   seeded in ${out.seed.seconds} s (${Math.round(seeded.reShare * 100)} % of titles contain "re")`,
  );
  shared.seeded[engine.kind] = { url: engine.url, user: seeded.user, others: seeded.others };
  if (settings.eventsOnly) return out;

  const server = await startServer({
    databaseUrl: engine.url,
    dataDir: path.join(tmp, `data-${engine.kind}`),
  });
  try {
    out.rssAtStartMiB = round(rssMiB(server.pid));
    const jwt = await login(server.origin, seeded.user.username, seeded.user.password);
    out.sanity = await sanityCheck(server.origin, jwt, 10_000);
    const importLoad = async () => {
      log('   a maximal import (100,000 rows) while another user lists');
      out.importLoad = await benchImportLoad({ origin: server.origin, jwt, listPath: LIST });
      const { importMs, during, baseline } = out.importLoad;
      log(
        `   import ${importMs} ms; page 1 during it p50 ${during.list.p50} p99 ${during.list.p99} max ${during.list.max} ms, without p99 ${baseline.list.p99} ms; health max ${during.health.max} ms`,
      );
    };
    if (settings.importOnly) return (await importLoad(), out);
    // Idle: no request for IDLE_SECONDS, long enough for V8 to shrink the young generation that
    // start-up grew (its memory reducer acts after about ten seconds without work).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    out.rssAfterLoginMiB = round(rssMiB(server.pid));
    await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS - 2) * 1000));
    out.rssIdleMiB = round(rssMiB(server.pid));
    log(
      `   server pid ${server.pid} on ${server.origin}; RSS 2 s after the login ${out.rssAfterLoginMiB} MiB, idle (${IDLE_SECONDS} s) ${out.rssIdleMiB} MiB`,
    );

    if (!shared.spa) {
      log('   measuring the SPA first load of /login');
      shared.spa = await measureSpaSize({ origin: server.origin });
      if (settings.lighthouse) shared.lighthouse = await runLighthouse(server.origin);
      log('   timing "Generate Todos" in Chromium (3 fresh users)');
      shared.generate = await measureGenerate({ origin: server.origin }).catch((error) => ({
        error: error.message,
      }));
    }

    log(`   warm-up: ${settings.warmup} s per call`);
    for (const scenario of LOAD_SCENARIOS) {
      await cannon({
        origin: server.origin,
        path: scenario.path,
        jwt,
        connections: settings.connections,
        duration: settings.warmup,
      });
    }

    const runs = Object.fromEntries(LOAD_SCENARIOS.map((s) => [s.id, []]));
    let peakRss = 0;
    for (let run = 1; run <= settings.runs; run++) {
      for (const scenario of LOAD_SCENARIOS) {
        const stopSampling = sampleRss(server.pid);
        const cpuBefore = cpuSeconds(server.pid);
        const result = await cannon({
          origin: server.origin,
          path: scenario.path,
          jwt,
          connections: settings.connections,
          duration: settings.duration,
        });
        // The server's own CPU per answered request: the machine's speed, apart from the load generator's.
        const cpuUsPerRequest = ((cpuSeconds(server.pid) - cpuBefore) / result.requests) * 1e6;
        const peak = stopSampling();
        peakRss = Math.max(peakRss, peak);
        runs[scenario.id].push({ ...result, peakRssMiB: peak, cpuUsPerRequest });
        log(
          `   run ${run} ${scenario.id.padEnd(8)} ${Math.round(result.reqPerSec).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  RSS ≤ ${round(peak)} MiB  server CPU ${Math.round(cpuUsPerRequest)} µs/request${result.non2xx || result.errors ? `  non-2xx ${result.non2xx} errors ${result.errors}` : ''}`,
        );
      }
    }
    out.load = Object.fromEntries(
      LOAD_SCENARIOS.map((s) => {
        const r = runs[s.id];
        return [
          s.id,
          {
            reqPerSec: round(median(r.map((x) => x.reqPerSec)), 0),
            p50: round(median(r.map((x) => x.latency.p50)), 2),
            p99: round(median(r.map((x) => x.latency.p99)), 2),
            non2xx: r.reduce((n, x) => n + x.non2xx, 0),
            errors: r.reduce((n, x) => n + x.errors + x.timeouts, 0),
            peakRssMiB: round(Math.max(...r.map((x) => x.peakRssMiB))),
            cpuUsPerRequest: round(median(r.map((x) => x.cpuUsPerRequest)), 0),
            runs: r.map((x) => ({
              reqPerSec: round(x.reqPerSec, 0),
              p50: x.latency.p50,
              p99: x.latency.p99,
            })),
          },
        ];
      }),
    );
    out.rssPeakLoadMiB = round(peakRss);

    log('   populate=todos one request at a time');
    const populate = await sequential({
      origin: server.origin,
      path: POPULATE,
      jwt,
      count: Math.max(20, Math.round(settings.seqRequests / 5)),
      warmup: 5,
    });
    out.populateSequential = {
      p50: round(populate.p50, 2),
      p95: round(populate.p95, 2),
      p99: round(populate.p99, 2),
      bytes: populate.bytes,
      failures: populate.failures,
    };

    log('   GET /api/todos/counts (50 projects, 20 labels) one request at a time');
    // At least 1,000 calls: the p99 of 200 is their second slowest, which one GC pause decides.
    const counts = await sequential({
      origin: server.origin,
      path: COUNTS,
      jwt,
      count: Math.max(settings.seqRequests, 1000),
      warmup: 20,
    });
    if (counts.failures) throw new Error(`${counts.failures} GET /api/todos/counts failed`);
    out.countsSequential = {
      p50: round(counts.p50, 2),
      p95: round(counts.p95, 2),
      p99: round(counts.p99, 2),
      bytes: counts.bytes,
    };
    log(`   counts p50 ${out.countsSequential.p50} ms, p99 ${out.countsSequential.p99} ms`);

    log('   100 sequential POST /api/todos');
    const postTotals = [];
    const postP99 = [];
    for (let run = 1; run <= settings.runs; run++) {
      const result = await sequential({
        origin: server.origin,
        path: '/api/todos',
        jwt,
        method: 'POST',
        count: 100,
        warmup: 0,
        body: (i) =>
          JSON.stringify({ data: { title: `Bench post ${run}-${i}`, completed: false } }),
      });
      if (result.failures) throw new Error(`${result.failures} POST /api/todos failed`);
      postTotals.push(result.total);
      postP99.push(result.p99);
    }
    out.post100 = {
      totalMs: round(median(postTotals), 1),
      p99EachMs: round(median(postP99), 2),
      runs: postTotals.map((t) => round(t, 1)),
    };

    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    out.rssIdleAfterLoadMiB = round(rssMiB(server.pid));
    if (settings.importLoad) await importLoad();
  } finally {
    await server.stop();
  }

  if (engine.kind === 'sqlite') {
    // What-if: the same 100 POSTs with SQLITE_SYNCHRONOUS=NORMAL (no fsync per commit in WAL mode).
    const normal = await startServer({
      databaseUrl: engine.url,
      dataDir: path.join(tmp, `data-${engine.kind}`),
      extraEnv: { SQLITE_SYNCHRONOUS: 'NORMAL' },
    });
    try {
      const jwt = await login(normal.origin, seeded.user.username, seeded.user.password);
      // A fresh process: warmed up like the measured server above (its load runs), or the what-if
      // would time V8's compiling as much as the disk (a fresh server's first 100 POSTs: 306 ms, the
      // next ones 180–225 ms).
      await cannon({
        origin: normal.origin,
        path: '/api/users/me',
        jwt,
        connections: settings.connections,
        duration: settings.warmup,
      });
      for (let i = 0; i < 20; i++) {
        await timedRequest({
          origin: normal.origin,
          path: '/api/todos',
          jwt,
          method: 'POST',
          body: JSON.stringify({ data: { title: `Bench normal warm-up ${i}` } }),
        });
      }
      const totals = [];
      for (let run = 1; run <= settings.runs; run++) {
        const result = await sequential({
          origin: normal.origin,
          path: '/api/todos',
          jwt,
          method: 'POST',
          count: 100,
          warmup: 0,
          body: (i) => JSON.stringify({ data: { title: `Bench normal ${run}-${i}` } }),
        });
        totals.push(result.total);
      }
      out.post100SynchronousNormal = {
        totalMs: round(median(totals), 1),
        runs: totals.map((t) => round(t, 1)),
      };
    } finally {
      await normal.stop();
    }
  }

  if (settings.scale) {
    try {
      out.scale = await benchScale(engine, tmp, seeded.user);
    } catch (error) {
      log(`   scale scenario failed: ${error.stack ?? error}`);
      out.scaleError = String(error.message ?? error);
    }
  }
  return out;
}

// ---------- 1,000,000 rows ----------
async function benchScale(engine, tmp, baseUser) {
  const scale = {};
  const url = await engine.makeScaleUrl();
  log(
    `\n== ${engine.label}: seeding 1,000,000 todos (100,000 for the bench user, 900,000 over 10,000 users)`,
  );
  const seeded = await seedDatabase({
    kind: engine.kind,
    url,
    benchTodos: 100_000,
    otherUsers: 10_000,
    otherTodos: 900_000,
    log,
  });
  // A user of the base database's size among the million rows: what the others' rows alone cost.
  const peer = await seedDatabase({ kind: engine.kind, url, log });
  scale.seedSeconds = round(seeded.seconds + peer.seconds, 1);
  log(`   seeded in ${scale.seedSeconds} s (and a user with 10,000 todos)`);
  // The 10,000-row database's server beside the big one: each call is timed on both in turn.
  const base = await startServer({
    databaseUrl: engine.url,
    dataDir: path.join(tmp, `data-${engine.kind}-base`),
  });
  const server = await startServer({
    databaseUrl: url,
    dataDir: path.join(tmp, `data-${engine.kind}-scale`),
  });
  try {
    const baseJwt = await login(base.origin, baseUser.username, baseUser.password);
    const jwt = await login(server.origin, seeded.user.username, seeded.user.password);
    const peerJwt = await login(server.origin, peer.user.username, peer.user.password);
    await sanityCheck(server.origin, jwt, 100_000, seeded.user.ids);
    await sanityCheck(server.origin, peerJwt, 10_000, peer.user.ids);
    scale.rssIdleMiB = round(rssMiB(server.pid));
    log(
      '   every sort order one request at a time: 10,000 rows, then 1,000,000 (a user with 100,000 and one with 10,000), in turn',
    );
    const stop = sampleRss(server.pid);
    [scale.sortMatrix10k, scale.sortMatrix, scale.sortMatrixPeer] = await sortMatrix(
      [
        { origin: base.origin, jwt: baseJwt, ids: baseUser.ids },
        { origin: server.origin, jwt, ids: seeded.user.ids },
        { origin: server.origin, jwt: peerJwt, ids: peer.user.ids },
      ],
      settings.seqRequests,
    );
    scale.rssPeakMiB = round(stop());
  } finally {
    await server.stop();
    await base.stop();
  }
  log("   EXPLAIN of the server's statements and what-if experiments");
  try {
    scale.analysis = await analyse(engine.kind, url, seeded.user.id);
  } catch (error) {
    log(`   analysis failed: ${error.message}`);
    scale.analysis = { error: String(error.stack ?? error), statements: {}, experiments: [] };
  }
  await engine.dropScale?.();
  return scale;
}

async function analyse(kind, url, ownerId) {
  const { openExplainer } = await import('./lib/explain.mjs');
  const ex = await openExplainer(kind, url);
  const result = { statements: {}, experiments: [] };
  try {
    const calls = {
      list: LIST.split('?')[1],
      search: SEARCH.split('?')[1],
      deep: DEEP.split('?')[1],
      searchTitleAsc:
        'pagination[pageSize]=10&pagination[page]=1&sort=title:asc&filters[title][$contains]=re',
      searchTitleDesc:
        'pagination[pageSize]=10&pagination[page]=1&sort=title:desc&filters[title][$contains]=re',
      deepCompleted: 'pagination[pageSize]=10&pagination[page]=500&sort=completed:asc',
    };
    for (const [name, query] of Object.entries(calls))
      result.statements[name] = await ex.explain(ownerId, query);

    const experiment = async (name, sql, parameters, setup) => {
      if (setup) for (const statement of setup) await ex.exec(statement);
      const ms = await ex.timeSql(sql, parameters);
      const plan = await ex.planOf(sql, parameters);
      result.experiments.push({ name, sql, medianMs: round(ms, 2), plan });
    };
    // The count every list call runs, alone: it reads all of the owner's index entries.
    await experiment(
      'count(*) of the owner (every list call pays it)',
      'select count(*) as count from todos where owner_id = $1'.replace(
        '$1',
        kind === 'sqlite' ? '?' : '$1',
      ),
      [ownerId],
    );
    // Keyset ("seek") pagination for a deep page: start after the last row of the previous page.
    const p = kind === 'sqlite' ? ['?', '?', '?'] : ['$1', '$2', '$3'];
    const [boundary] = await ex.exec(
      `select title_key, id from todos where owner_id = ${p[0]} order by title_key desc, id desc limit 1 offset 4989`,
      [ownerId],
    );
    await experiment(
      'keyset page 500 by title:desc (where (title_key, id) < last row of page 499)',
      `select * from todos where owner_id = ${p[0]} and (title_key < ${p[1]} or (title_key = ${p[1]} and id < ${p[2]})) order by title_key desc, id desc limit 10`,
      kind === 'sqlite'
        ? [ownerId, boundary.title_key, boundary.title_key, boundary.id]
        : [ownerId, boundary.title_key, boundary.id],
    );
    if (kind === 'postgres') {
      await experiment(
        'search count with a pg_trgm GIN index on (title_key) — needle "rep" (3 chars; "re" is too short for trigrams)',
        "select count(*) from todos where owner_id = $1 and title_key like '%rep%'",
        [ownerId],
        [
          'create extension if not exists pg_trgm',
          'create index if not exists bench_todos_title_trgm on todos using gin (title_key gin_trgm_ops)',
          'analyze todos',
        ],
      );
    } else {
      await experiment(
        'search count through an FTS5 trigram table — needle "rep" (3 chars; "re" is too short for trigrams)',
        'select count(*) as count from todos where owner_id = ? and id in (select rowid from bench_todos_fts where bench_todos_fts match \'"rep"\')',
        [ownerId],
        [
          "create virtual table if not exists bench_todos_fts using fts5(title_key, content='todos', content_rowid='id', tokenize='trigram')",
          "insert into bench_todos_fts(bench_todos_fts) values('rebuild')",
        ],
      );
      await experiment(
        'the same count with LIKE (what the server runs today)',
        "select count(*) as count from todos where owner_id = ? and title_key like '%rep%' escape '\\'",
        [ownerId],
      );
    }
  } finally {
    await ex.close();
  }
  return result;
}

// ---------- live events (PostgreSQL benched) ----------
async function benchEvents(seeded, tmp) {
  const fail = (error) => ({ error: String(error?.message ?? error) });
  log('\n== live events: write → event latency across two processes on PostgreSQL');
  const latency = await benchEventLatency({
    databaseUrl: seeded.postgres.url,
    tmp,
    user: seeded.postgres.user,
    connections: settings.connections,
    writes: settings.eventWrites,
    log,
  }).catch(fail);
  // SQLite when it is benched (one process is all this part needs), else PostgreSQL.
  const target = seeded.sqlite ?? seeded.postgres;
  log(`\n== live events: ${settings.eventStreams} open streams on one process`);
  const streams = await benchOpenStreams({
    databaseUrl: target.url,
    tmp,
    user: target.user,
    others: target.others,
    connections: settings.connections,
    duration: settings.duration,
    warmup: settings.warmup,
    count: settings.eventStreams,
    log,
  }).catch(fail);
  log(
    `\n== live events: ${settings.eventStreams} streams opened with one token, then its writes and another user's list`,
  );
  const fanOut = await benchStreamFanOut({
    databaseUrl: target.url,
    tmp,
    user: target.user,
    other: target.others[0],
    attempts: settings.eventStreams,
    requests: settings.seqRequests,
    log,
  }).catch(fail);
  return { latency, streams, fanOut, streamsEngine: seeded.sqlite ? 'SQLite' : 'PostgreSQL' };
}

// ---------- Lighthouse (optional) ----------
// ---------- report ----------
const pass = (ok) => (ok === undefined ? '—' : ok ? 'pass' : 'FAIL');

function tableFor(e) {
  const rows = [];
  for (const s of LOAD_SCENARIOS) {
    const r = e.load[s.id];
    const target = [
      s.minRps && `≥ ${s.minRps.toLocaleString('en')} req/s`,
      s.maxP99 && `p99 ≤ ${s.maxP99} ms`,
    ]
      .filter(Boolean)
      .join(', ');
    const ok =
      r.reqPerSec >= s.minRps &&
      (!s.maxP99 || r.p99 <= s.maxP99) &&
      r.non2xx === 0 &&
      r.errors === 0;
    const cpu = Number.isFinite(r.cpuUsPerRequest)
      ? `; server CPU ${r.cpuUsPerRequest} µs/request`
      : '';
    rows.push([
      s.label,
      target,
      `${r.reqPerSec.toLocaleString('en')} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${cpu}${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
      pass(ok),
    ]);
  }
  const pop = e.populateSequential;
  // One call at a time per user (issue 24): the bench's one user can only ask for it in turn.
  rows.push([
    'populate=todos (the oldest 1,000 of 10,000), one at a time',
    '≤ 40 ms each',
    `p50 ${pop.p50} ms, p99 ${pop.p99} ms (${Math.round(pop.bytes / 1024)} KiB)`,
    pass(pop.p99 <= 40),
  ]);
  const counts = e.countsSequential;
  if (counts)
    rows.push([
      'GET /api/todos/counts (10,000 todos, 50 projects, 20 labels), one at a time',
      'p99 ≤ 5 ms',
      `p50 ${counts.p50} ms, p99 ${counts.p99} ms`,
      pass(counts.p99 <= 5),
    ]);
  rows.push([
    '100 sequential POST /api/todos',
    '≤ 150 ms in all',
    `${e.post100.totalMs} ms (p99 each ${e.post100.p99EachMs} ms)`,
    pass(e.post100.totalMs <= 150),
  ]);
  if (e.post100SynchronousNormal)
    rows.push([
      '  (what-if) same with SQLITE_SYNCHRONOUS=NORMAL',
      '≤ 150 ms in all',
      `${e.post100SynchronousNormal.totalMs} ms`,
      pass(e.post100SynchronousNormal.totalMs <= 150),
    ]);
  rows.push([
    'server RSS idle',
    '≤ 80 MiB',
    `${e.rssIdleMiB} MiB after ${IDLE_SECONDS} s without requests (at start ${e.rssAtStartMiB} MiB; 2 s after the login ${e.rssAfterLoginMiB} MiB; idle after the load runs ${e.rssIdleAfterLoadMiB} MiB)`,
    pass(e.rssIdleMiB <= 80),
  ]);
  rows.push([
    'server RSS under load (peak)',
    '≤ 150 MiB',
    `${e.rssPeakLoadMiB} MiB`,
    pass(e.rssPeakLoadMiB <= 150),
  ]);
  return rows;
}

const mdTable = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

function scaleRows(e) {
  const key = (r) => `${r.sort} ${r.call}`;
  const base = new Map(e.scale.sortMatrix10k.map((r) => [key(r), r]));
  const peer = new Map((e.scale.sortMatrixPeer ?? []).map((r) => [key(r), r]));
  const times = (r) => (r ? `${r.p50} / ${r.p95} / ${r.p99}` : '-');
  return e.scale.sortMatrix.map((r) => {
    const b = base.get(key(r));
    const p = peer.get(key(r));
    const ratio = b ? r.p50 / b.p50 : NaN;
    const peerRatio = b && p ? p.p50 / b.p50 : NaN;
    return [
      r.call,
      r.sort,
      times(b),
      times(r),
      `${round(ratio, 1)}×`,
      pass(ratio <= 2),
      times(p),
      `${round(peerRatio, 1)}×`,
      pass(peerRatio <= 2),
    ];
  });
}

function markdown(report) {
  const lines = [
    `# Ticklist benchmark — ${report.when}`,
    '',
    `${report.machine}. autocannon ${report.settings.connections} connections × ${report.settings.duration} s, median of ${report.settings.runs} runs, warm-up ${report.settings.warmup} s per call. One user with 10,000 todos (a third of the titles contain "re").`,
  ];
  for (const e of Object.values(report.engines)) {
    if (e.error) {
      lines.push('', `## ${e.engine}`, '', 'Failed:', '```', e.error, '```');
      continue;
    }
    if (e.importLoad)
      lines.push(
        '',
        `## ${e.engine}: a maximal import while another user lists`,
        '',
        mdTable(['measure', 'target', 'measured', ''], importLoadRows(e.importLoad, pass)),
      );
    if (!e.load) continue; // BENCH_EVENTS_ONLY: seeded only
    lines.push('', `## ${e.engine}`, '', mdTable(['call', 'target', 'measured', ''], tableFor(e)));
    if (e.scaleError) lines.push('', `Scale scenario failed: ${e.scaleError}`);
    if (e.scale) {
      lines.push(
        '',
        `### ${e.engine}: 1,000,000 todos (100,000 one user's, 10,000 another's) vs 10,000 — one request at a time, ms p50 / p95 / p99`,
        '',
        `Seeded in ${e.scale.seedSeconds} s; server RSS idle ${e.scale.rssIdleMiB} MiB, peak ${e.scale.rssPeakMiB} MiB.`,
        '',
      );
      lines.push(
        mdTable(
          [
            'call',
            'sort',
            '10k rows',
            '1M rows, user of 100k',
            'p50 ratio',
            '≤ 2×',
            '1M rows, user of 10k',
            'p50 ratio',
            '≤ 2×',
          ],
          scaleRows(e),
        ),
      );
      lines.push('', '#### Statements the server runs (EXPLAIN) and what-if experiments', '');
      if (e.scale.analysis.error)
        lines.push('Analysis failed:', '```', e.scale.analysis.error, '```');
      for (const [name, statements] of Object.entries(e.scale.analysis.statements)) {
        for (const s of statements)
          lines.push(
            `**${name}** (${round(s.medianMs, 2)} ms): \`${s.sql}\``,
            '```',
            s.plan,
            '```',
          );
      }
      for (const x of e.scale.analysis.experiments)
        lines.push(`**${x.name}** — ${x.medianMs} ms: \`${x.sql}\``, '```', x.plan, '```');
    }
  }
  if (report.events) {
    lines.push(
      '',
      `## Live events (streams part on ${report.events.streamsEngine})`,
      '',
      mdTable(
        ['measure', 'target', 'measured', ''],
        [...eventRows(report.events, pass), ...fanOutRows(report.events.fanOut, pass)],
      ),
    );
  }
  const spa = report.spa;
  if (spa && !spa.error) {
    const chosen = spa.browser?.files ? spa.browser : spa.static;
    lines.push(
      '',
      '## SPA first load of /login',
      '',
      `Target ≤ 160 KB gzip of JS + CSS. Measured ${(chosen.totalGzip / 1000).toFixed(1)} KB gzip (JS ${(chosen.jsGzip / 1000).toFixed(1)} KB, CSS ${(chosen.cssGzip / 1000).toFixed(1)} KB) — ${pass(chosen.totalGzip <= 160_000)}. Files: ${spa.browser?.files ? 'as fetched by Chromium' : spa.method}${spa.browser?.files ? `; static walk (${spa.method}): ${(spa.static.totalGzip / 1000).toFixed(1)} KB` : ''}.`,
      '',
    );
    lines.push(
      mdTable(
        ['file', 'bytes', 'gzip'],
        chosen.files.map((f) => [
          f.file,
          f.bytes.toLocaleString('en'),
          f.gzip.toLocaleString('en'),
        ]),
      ),
    );
  }
  if (report.generate) {
    const g = report.generate;
    lines.push(
      '',
      '## Generate Todos in Chromium',
      '',
      g.error
        ? `Not measured: ${g.error}`
        : `Click → "of 100 entries" on screen (faker's first load included, fresh context each run): median ${g.medianMs} ms (runs ${g.runs.join(', ')} ms); target ≤ 1,500 ms — ${g.medianMs <= 1500 ? 'pass' : 'FAIL'}.`,
    );
  }
  if (report.lighthouse)
    lines.push(
      '',
      '## Lighthouse (/login)',
      '',
      '```json',
      JSON.stringify(report.lighthouse, null, 2),
      '```',
    );
  return `${lines.join('\n')}\n`;
}

// ---------- A/B against another revision (BENCH_AB) ----------
async function abMain(rev) {
  // Shorter runs than the full bench's: one ABBA round is four runs of every call.
  const duration = num('BENCH_DURATION', 10);
  const abSettings = {
    duration,
    connections: settings.connections,
    rounds: num('BENCH_RUNS', 1),
    warmup: num('BENCH_WARMUP', Math.min(5, Math.max(1, Math.round(duration / 4)))),
  };
  log(`\n== A/B: ${rev} (A) against this checkout (B)`);
  const { report, markdown: md } = await runAb({ rev, settings: abSettings, pgAdminUrl, log });
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = report.when.replace(/[:.]/g, '-');
  for (const name of [`ab-${stamp}`, 'ab-latest']) {
    fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, `${name}.md`), md);
  }
  log(`\n${md}`);
  log(`Written bench/results/ab-${stamp}.{json,md} and bench/results/ab-latest.{json,md}`);
}

// ---------- main ----------
async function main() {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('build failed');
  if (env.BENCH_AB) return abMain(env.BENCH_AB);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-bench-'));
  const pgNames = [];
  const engines = [];
  if (settings.sqlite) {
    engines.push({
      kind: 'sqlite',
      label: 'SQLite',
      url: `sqlite:${path.join(tmp, 'bench.db')}`,
      makeScaleUrl: async () => `sqlite:${path.join(tmp, 'scale.db')}`,
      dropScale: async () => fs.rmSync(path.join(tmp, 'scale.db'), { force: true }),
    });
  }
  if (pgAdminUrl) {
    const name = `ticklist_bench_${process.pid}`;
    pgNames.push(name);
    engines.push({
      kind: 'postgres',
      label: 'PostgreSQL',
      url: await createPgDatabase(pgAdminUrl, name),
      makeScaleUrl: async () => {
        pgNames.push(`${name}_scale`);
        return createPgDatabase(pgAdminUrl, `${name}_scale`);
      },
      dropScale: async () => dropPgDatabase(pgAdminUrl, `${name}_scale`),
    });
  }
  const cleanup = async () => {
    for (const name of pgNames) await dropPgDatabase(pgAdminUrl, name).catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  const shared = { seeded: {} };
  const report = {
    when: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} (server flags: ${startFlags().join(' ') || 'none'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start`,
    settings,
    engines: {},
  };
  try {
    for (const engine of engines) {
      // One engine failing must not lose the others' figures.
      try {
        report.engines[engine.kind] = await benchEngine(engine, tmp, shared);
      } catch (error) {
        log(`   ${engine.label} failed: ${error?.stack ?? error}`);
        report.engines[engine.kind] = {
          engine: engine.label,
          error: String(error?.stack ?? error).slice(0, 2000),
        };
      }
    }
    if (settings.events && shared.seeded.postgres)
      report.events = await benchEvents(shared.seeded, tmp);
  } finally {
    await cleanup();
  }
  report.spa = shared.spa;
  report.generate = shared.generate;
  if (shared.lighthouse) report.lighthouse = shared.lighthouse;

  const md = markdown(report);
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = report.when.replace(/[:.]/g, '-');
  for (const name of [stamp, 'latest']) {
    fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, `${name}.md`), md);
  }
  log(`\n${md}`);
  log(`Written bench/results/${stamp}.{json,md} and bench/results/latest.{json,md}`);
}

main().catch((error) => {
  console.error('bench failed:', error?.stack ?? error);
  process.exit(1);
});
