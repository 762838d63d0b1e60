/**
 * CalDAV timings on a 10,000-todo calendar, in-process (buildApp on a throwaway database, real HTTP
 * on 127.0.0.1): PROPFIND depth 1 (getetag, getcontenttype) of an unchanged calendar (the kept
 * listing, listing-cache.ts) and after a change (read and written afresh), a sync-collection with
 * 10 changes, and a full calendar-multiget of every todo. The PROPFIND is also timed to its last
 * byte as sent (unchanged: gzipped, as phones' clients ask, and not): fetch's own unpacking and
 * decoding of 2.9 MB is the client's time, not the server's. Prints p50/p99 per engine, the CPU time
 * per request (server and client, the process's: steadier than wall time on a shared machine),
 * the peak RSS growth over the fresh PROPFINDs, and what gzip would cost and save on the listing.
 *   npx tsx bench/caldav.ts            # SQLite
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/caldav.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { titleKey } from '../src/shared/title-key';

const TODOS = 10_000;
const RUNS = Number(process.env.BENCH_CALDAV_RUNS ?? 50);

const quantile = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))]!;

/** Wall time of each run (`prepare` not counted) and the process's CPU time per run. */
async function timed(
  runs: number,
  work: () => Promise<void>,
  prepare?: (run: number) => Promise<void>,
) {
  const times: number[] = [];
  let cpu = 0;
  for (let i = 0; i < runs; i += 1) {
    await prepare?.(i);
    const used = process.cpuUsage();
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
    const { user, system } = process.cpuUsage(used);
    cpu += (user + system) / 1000;
  }
  return `p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, CPU ${(cpu / runs).toFixed(1)} ms`;
}

/** The highest RSS above its level at the start while `work` runs (sampled every millisecond). */
async function peakRssGrowth(work: () => Promise<string>) {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 1);
  try {
    const timing = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return `${timing}, peak RSS +${((peak - base) / 1024 / 1024).toFixed(1)} MB`;
  } finally {
    clearInterval(sampler);
  }
}

/** What gzip (level 1 and the default 6) costs to write and read back, and the bytes it saves. */
function gzipCost(text: string) {
  const raw = Buffer.from(text);
  return [1, 6]
    .map((level) => {
      const start = performance.now();
      const packed = zlib.gzipSync(raw, { level });
      const packing = performance.now() - start;
      const unpacking = performance.now();
      zlib.gunzipSync(packed);
      return `level ${level}: ${(raw.length / 1e6).toFixed(2)} MB → ${(packed.length / 1e3).toFixed(0)} kB, ${packing.toFixed(1)} ms to pack + ${(performance.now() - unpacking).toFixed(1)} ms to unpack`;
    })
    .join('; ');
}

async function bench(engine: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-caldav-bench-'));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'none'),
    MAX_TODOS_PER_USER: '100000',
  });
  const database = openDatabase(config.databaseUrl, config);
  await migrateToLatest(database.db);
  const app = await buildApp(config, database.db);
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const json = async (method: string, url: string, body?: unknown, token?: string) =>
    (
      await fetch(`${origin}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json();
  const session = await json('POST', '/api/auth/local/register', {
    email: 'bench@example.com',
    username: 'bench',
    password: 'Bench!Pass1',
  });
  const { password } = (
    await json('POST', '/api/app-passwords', { data: { name: 'bench' } }, session.jwt)
  ).data;
  const now = new Date().toISOString();
  for (let from = 0; from < TODOS; from += 500)
    await database.db
      .insertInto('todos')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          owner_id: session.user.id,
          title: `Todo ${from + i}`,
          title_key: titleKey(`Todo ${from + i}`),
          description: null,
          completed: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  // PostgreSQL's autovacuum analyses a table within a minute of such a load; without statistics
  // the planner reads the owner's todos for ten ids. SQLite has none unless asked, as in use.
  if (engine === 'postgres') await sql`analyze`.execute(database.db);
  const basic = `Basic ${Buffer.from(`bench:${password}`).toString('base64')}`;
  const inbox = '/dav/calendars/bench/inbox/';
  const dav = async (method: string, body: string, depth = '1') => {
    const answer = await fetch(`${origin}${inbox}`, {
      method,
      headers: { authorization: basic, depth, 'content-type': 'application/xml' },
      body,
    });
    const text = await answer.text();
    if (answer.status !== 207) throw new Error(`${method}: ${answer.status} ${text.slice(0, 200)}`);
    return text;
  };
  const propfind = `<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontenttype/></d:prop></d:propfind>`;
  const sync = (token: string) =>
    `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
  const ids = (await database.db.selectFrom('todos').select('id').limit(10).execute()).map(
    (row) => row.id,
  );
  // A write the app's own way would do (the triggers stamp a change), outside the timing.
  const touch = async (run: number) =>
    void (await database.db
      .updateTable('todos')
      .set({ updated_at: new Date(Date.now() + run).toISOString() })
      .where('id', '=', ids[run % ids.length]!)
      .execute());
  const propfindRun = async () => void (await dav('PROPFIND', propfind));
  // The answer's bytes as sent, to the last one, neither unpacked nor decoded: the server's time.
  const lastByte = (encoding: string) =>
    new Promise<void>((resolve, reject) => {
      const url = new URL(`${origin}${inbox}`);
      const headers = { authorization: basic, depth: '1', 'accept-encoding': encoding };
      http
        .request({
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'PROPFIND',
          headers,
        })
        .on('response', (answer) => answer.on('data', () => {}).on('end', resolve))
        .on('error', reject)
        .end(propfind);
    });
  console.log(
    `${engine}: PROPFIND depth 1, ${TODOS} todos, after a change: ${await peakRssGrowth(() => timed(RUNS, propfindRun, touch))}`,
  );
  console.log(
    `${engine}: PROPFIND depth 1, ${TODOS} todos, unchanged: ${await timed(RUNS, propfindRun)}`,
  );
  for (const encoding of ['gzip', 'identity'])
    console.log(
      `${engine}: PROPFIND depth 1, unchanged, to the last byte, Accept-Encoding ${encoding}: ${await timed(RUNS, () => lastByte(encoding))}`,
    );
  console.log(
    `${engine}: PROPFIND depth 1, after a change, to the last byte, Accept-Encoding identity: ${await timed(RUNS, () => lastByte('identity'), touch)}`,
  );
  console.log(
    `${engine}: gzip of the PROPFIND answer: ${gzipCost(await dav('PROPFIND', propfind))}`,
  );
  const token = /<d:sync-token>([^<]+)</.exec(await dav('REPORT', sync('')))![1]!;
  for (const id of ids)
    await json('PUT', `/api/todos/${id}`, { data: { completed: true } }, session.jwt);
  console.log(
    `${engine}: sync-collection, 10 changes: ${await timed(RUNS, async () => void (await dav('REPORT', sync(token))))}`,
  );
  const hrefs = [
    ...(await dav('PROPFIND', propfind)).matchAll(/<d:href>([^<]+\.ics)<\/d:href>/g),
  ].map((m) => m[1]!);
  const multiget = `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>${hrefs.map((href) => `<d:href>${href}</d:href>`).join('')}</c:calendar-multiget>`;
  console.log(
    `${engine}: calendar-multiget of all ${hrefs.length}: ${await timed(3, async () => void (await dav('REPORT', multiget)))}`,
  );
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-caldav-sqlite-'));
  await bench('sqlite', `sqlite:${path.join(dir, 'bench.db')}`);
  const pgUrl = process.env.BENCH_PG_URL;
  if (pgUrl) {
    const name = `ticklist_caldav_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    try {
      await bench('postgres', url.toString());
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
}

void main();
