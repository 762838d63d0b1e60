// Live events (issue 27): how soon a write made through one server process reaches a stream held
// on another one (PostgreSQL LISTEN/NOTIFY) while the first serves list load, and what 1,000 open
// streams (10 for each of 100 users: one user holds at most 10) cost one process in memory and in
// list throughput.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { CALLS } from './calls.mjs';
import { cannon, summarise } from './load.mjs';
import { login, rssMiB, sampleRss, startServer } from './server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) =>
  Number.isFinite(value) ? Number(value.toFixed(digits)) : null;

/**
 * Opens GET /api/todos/events on its own socket; resolves with a close function once the first
 * frame (ready) has arrived. `onChange(data, at)` gets every later change, `at` from performance.now();
 * `onEnd` runs when the stream ends (the server closed it, or close was called).
 */
export function openStream(origin, jwt, onChange = () => undefined, onEnd = () => undefined) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${jwt}`, accept: 'text/event-stream' };
    const request = http.get(
      `${origin}/api/todos/events`,
      { agent: false, headers },
      (response) => {
        if (response.statusCode !== 200)
          return reject(new Error(`the event stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('close', onEnd);
        let buffer = '';
        let opened = false;
        response.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          for (let cut = buffer.indexOf('\n\n'); cut !== -1; cut = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (!opened) resolve(() => request.destroy());
            else if (data && !/^event:/m.test(frame)) onChange(JSON.parse(data), at);
            opened = true;
          }
        });
      },
    );
    request.on('error', reject);
  });
}

/**
 * Two processes (A, B) on one PostgreSQL database with one JWT secret: a stream on B, autocannon
 * putting list load on A, and `writes` POSTs to A one after another; each latency runs from the
 * POST's answer (body read) to its `created` event on B's stream.
 */
export async function benchEventLatency({ databaseUrl, tmp, user, connections, writes, log }) {
  const extraEnv = { JWT_SECRET: randomBytes(32).toString('hex') };
  const a = await startServer({ databaseUrl, dataDir: path.join(tmp, 'data-events-a'), extraEnv });
  const b = await startServer({
    databaseUrl,
    dataDir: path.join(tmp, 'data-events-b'),
    extraEnv,
  }).catch(async (error) => {
    await a.stop();
    throw error;
  });
  let load;
  let close = () => undefined;
  try {
    const jwt = await login(a.origin, user.username, user.password);
    const arrivals = new Map();
    const waiters = new Map();
    close = await openStream(b.origin, jwt, (change, at) => {
      if (change.action !== 'created') return;
      arrivals.set(change.id, at);
      waiters.get(change.id)?.();
    });
    const arrival = (id) =>
      arrivals.has(id)
        ? arrivals.get(id)
        : Promise.race([
            new Promise((resolve) => waiters.set(id, () => resolve(arrivals.get(id)))),
            sleep(5000),
          ]);
    load = autocannon({
      url: a.origin + CALLS.list,
      connections,
      duration: 3600,
      headers: { authorization: `Bearer ${jwt}` },
      timeout: 30,
    });
    await sleep(1000);
    log(
      `   ${writes} POSTs to A, each timed until its event on B's stream, with ${connections} connections of list load on A`,
    );
    const latencies = [];
    let missed = 0;
    for (let i = 0; i < writes; i++) {
      const response = await fetch(`${a.origin}/api/todos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { title: `Bench event ${i}` } }),
      });
      const { data } = await response.json();
      const answeredAt = performance.now();
      if (!response.ok) throw new Error(`POST /api/todos answered ${response.status}`);
      const at = await arrival(data.id);
      if (at === undefined) missed += 1;
      else latencies.push(at - answeredAt);
    }
    load.stop();
    const listLoad = await load;
    const s = summarise(latencies);
    return {
      writes,
      missed,
      p50: round(s.p50, 2),
      p99: round(s.p99, 2),
      max: round(s.max, 2),
      listReqPerSec: round(listLoad.requests.average, 0),
      listNon2xx: listLoad.non2xx,
    };
  } finally {
    load?.stop();
    close();
    await Promise.all([a.stop(), b.stop()]);
  }
}

/** Streams one user may hold open in one server process (src/server/events/user-hub.ts). */
export const STREAMS_PER_USER = 10;

/**
 * One process: list throughput without streams, with `count` streams open (and the RSS then),
 * and without again; the comparison is against the mean of the two runs without, as the machine's
 * speed drifts over the minutes. The streams belong to `count / 10` users (the bench user first,
 * then `others`), 10 each.
 */
export async function benchOpenStreams({
  databaseUrl,
  tmp,
  user,
  others,
  connections,
  duration,
  warmup,
  count,
  log,
}) {
  const server = await startServer({ databaseUrl, dataDir: path.join(tmp, 'data-events-streams') });
  const closers = [];
  try {
    const jwt = await login(server.origin, user.username, user.password);
    const holders = [user, ...others].slice(0, Math.ceil(count / STREAMS_PER_USER));
    if (holders.length * STREAMS_PER_USER < count)
      throw new Error(
        `${count} streams need ${Math.ceil(count / STREAMS_PER_USER)} users; seeded ${holders.length}`,
      );
    // One after another: logins are throttled per address while under way.
    const tokens = [];
    for (const holder of holders)
      tokens.push(
        holder === user ? jwt : await login(server.origin, holder.username, holder.password),
      );
    const list = () =>
      cannon({ origin: server.origin, path: CALLS.list, jwt, connections, duration });
    await cannon({ origin: server.origin, path: CALLS.list, jwt, connections, duration: warmup });
    const rssWithout = rssMiB(server.pid);
    const before = await list();
    log(`   list without streams ${Math.round(before.reqPerSec)} req/s; opening ${count} streams`);
    for (let opened = 0; opened < count; opened += 50) {
      const batch = Array.from(
        { length: Math.min(50, count - opened) },
        (_, i) => tokens[Math.floor((opened + i) / STREAMS_PER_USER)],
      );
      closers.push(...(await Promise.all(batch.map((token) => openStream(server.origin, token)))));
    }
    await sleep(2000);
    const rssWith = rssMiB(server.pid);
    const stop = sampleRss(server.pid);
    const during = await list();
    const peak = stop();
    closers.splice(0).forEach((close) => close());
    await sleep(1000);
    const after = await list();
    const baseline = (before.reqPerSec + after.reqPerSec) / 2;
    log(
      `   with ${count} streams ${Math.round(during.reqPerSec)} req/s (RSS ${round(rssWith)} MiB), without again ${Math.round(after.reqPerSec)} req/s`,
    );
    return {
      streams: count,
      rssWithoutMiB: round(rssWithout),
      rssWithMiB: round(rssWith),
      rssPeakUnderLoadMiB: round(peak),
      listWithout: [round(before.reqPerSec, 0), round(after.reqPerSec, 0)],
      listWith: round(during.reqPerSec, 0),
      listP99With: during.latency.p99,
      ratio: round(during.reqPerSec / baseline, 3),
      errors: during.errors + during.non2xx + during.timeouts,
    };
  } finally {
    closers.forEach((close) => close());
    await server.stop();
  }
}

/** The report's rows: [what, target, measured, pass]. */
export function eventRows(events, pass) {
  const rows = [];
  const { latency: l, streams: s } = events;
  if (l?.error)
    rows.push([
      'write → event latency (PostgreSQL, two processes)',
      'p50 ≤ 50 ms, p99 ≤ 200 ms',
      `failed: ${l.error}`,
      pass(false),
    ]);
  else if (l) {
    const measured = `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms over ${l.writes - l.missed} writes${l.missed ? ` (${l.missed} events missing)` : ''}; list load on A ${l.listReqPerSec} req/s`;
    rows.push([
      'write → event latency (PostgreSQL, two processes)',
      'p50 ≤ 50 ms, p99 ≤ 200 ms',
      measured,
      pass(l.p50 <= 50 && l.p99 <= 200 && l.missed === 0),
    ]);
  }
  if (s?.error)
    rows.push([
      '1,000 open streams',
      'RSS ≤ 150 MiB; list within 10 %',
      `failed: ${s.error}`,
      pass(false),
    ]);
  else if (s) {
    rows.push([
      `server RSS with ${s.streams} streams open`,
      '≤ 150 MiB',
      `${s.rssWithMiB} MiB (without ${s.rssWithoutMiB} MiB; peak under list load ${s.rssPeakUnderLoadMiB} MiB)`,
      pass(s.rssWithMiB <= 150),
    ]);
    rows.push([
      `list throughput with ${s.streams} streams open`,
      'within 10 % of without',
      `${s.listWith} req/s vs ${s.listWithout.join(' / ')} without (${Math.round(s.ratio * 100)} %)`,
      pass(s.ratio >= 0.9 && s.errors === 0),
    ]);
  }
  return rows;
}
