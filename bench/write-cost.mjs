// CPU time of the repository's writes (create, rename, toggle, description edit, delete) at four
// schemas: without the title gram triggers (003), with them counting every insert (004), with a
// todo created alone pending until a fold counts it (005, PostgreSQL only: the fold's cost per todo
// is reported apart, so the deferred work is not hidden), and the latest (006: the grams keep
// bounds of their titles as well). SQLite: this process's CPU (the
// database runs in it). PostgreSQL: the CPU of every backend connected to the throwaway database
// (the pool's and the pipelines', /proc/<pid>/stat), so run it on the database's machine.
//   node bench/write-cost.mjs [rows=2000] [rounds=5]   (BENCH_PG_URL adds PostgreSQL; BENCH_PG_ONLY=1 skips SQLite)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, dropPgDatabase, todoTitle } from './lib/seed.mjs';
import { serverCode } from './lib/server-code.mjs';

const { createTodo, createUser, deleteTodo, foldAllPendingTitleGrams, migrateToLatest, migrateUpTo, openDatabase, sql, updateTodo } = serverCode;

const rows = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);
const pgUrl = process.env.BENCH_PG_URL;
const TICK_US = 1e6 / 100; // USER_HZ

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A CPU clock (µs) for the database's work: ours on SQLite, its backends' on PostgreSQL. */
async function cpuClock(kind, db) {
  if (kind === 'sqlite') return () => { const { user, system } = process.cpuUsage(); return user + system; };
  // The pipelines open their connections on first use: a write through each before the clock is read.
  return async () => {
    const { rows } = await sql`select pid from pg_stat_activity where datname = current_database()`.execute(db);
    let total = 0;
    for (const { pid } of rows) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        total += (Number(fields[11]) + Number(fields[12])) * TICK_US; // utime, stime
      } catch {
        // a backend that has just ended
      }
    }
    return total;
  };
}

async function oneRound(kind, url, schema) {
  const handle = openDatabase(url, { postgresPoolSize: 1 });
  const { db } = handle;
  if (schema === 'latest') await migrateToLatest(db);
  else await migrateUpTo(db, schema);
  const user = await createUser(db, { username: `w${Date.now()}`, email: `w${Date.now()}@bench.example`, passwordHash: 'x' });
  const clock = await cpuClock(kind, db);
  const timed = async (work, count = rows) => {
    const start = await clock();
    for (let i = 0; i < count; i++) await work(i);
    return ((await clock()) - start) / count;
  };
  // Only 005 on have pending todos to fold (on PostgreSQL).
  const fold = schema === 'latest' || schema === '005-pending-title-grams' ? () => foldAllPendingTitleGrams(db) : async () => 0;
  const ids = [];
  const out = {};
  // Warms each statement and connection up (not timed), then leaves nothing pending.
  const warm = await createTodo(db, user.id, { title: todoTitle(0), description: null, completed: false });
  await updateTodo(db, user.id, warm.id, { title: todoTitle(1) });
  await deleteTodo(db, user.id, warm.id);
  await fold();
  out.create = await timed(async (i) => ids.push((await createTodo(db, user.id, { title: todoTitle(i), description: null, completed: i % 4 === 0 })).id));
  out.fold = (await timed(fold, 1)) / rows;
  out.rename = await timed((i) => updateTodo(db, user.id, ids[i], { title: todoTitle(i + 1) }));
  out.toggle = await timed((i) => updateTodo(db, user.id, ids[i], { completed: i % 4 !== 0 }));
  out.describe = await timed((i) => updateTodo(db, user.id, ids[i], { description: `note ${i}` }));
  out.delete = await timed((i) => deleteTodo(db, user.id, ids[i]));
  await handle.close();
  return out;
}

async function engine(kind) {
  const results = { '003-todo-counts': [], '004-title-gram-counts': [], '005-pending-title-grams': [], latest: [] };
  for (let round = 0; round < rounds; round++) {
    for (const schema of Object.keys(results)) {
      let url;
      let drop;
      if (kind === 'sqlite') {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-write-cost-'));
        url = `sqlite:${path.join(dir, 'bench.db')}`;
        drop = async () => fs.rmSync(dir, { recursive: true, force: true });
      } else {
        const name = `ticklist_write_cost_${process.pid}`;
        url = await createPgDatabase(pgUrl, name);
        drop = () => dropPgDatabase(pgUrl, name);
      }
      try {
        results[schema].push(await oneRound(kind, url, schema));
      } finally {
        await drop();
      }
    }
  }
  const labels = {
    '003-todo-counts': 'without gram triggers (003)',
    '004-title-gram-counts': 'grams counted in each insert (004)',
    '005-pending-title-grams': 'grams counted by a fold (005)',
    latest: 'latest (grams keep title bounds, 006)',
  };
  for (const [schema, list] of Object.entries(results)) {
    const line = ['create', 'fold', 'rename', 'toggle', 'describe', 'delete'].map((op) => `${op} ${median(list.map((r) => r[op])).toFixed(0)} µs`).join(', ');
    console.log(`${kind.padEnd(8)} ${labels[schema].padEnd(38)}: ${line}  (CPU per call, median of ${rounds} × ${rows})`);
  }
}

if (!process.env.BENCH_PG_ONLY) await engine('sqlite');
if (pgUrl) await engine('postgres');
