// CPU time of the repository's writes (create, rename, toggle, description edit, delete) with and without the title
// gram triggers of migration 004: the same calls on a database migrated up to 003 and one at the
// latest schema. SQLite: this process's CPU (the database runs in it). PostgreSQL: the CPU of the
// one backend serving a one-connection pool (/proc/<pid>/stat), so run it on the database's machine.
//   node bench/write-cost.mjs [rows=2000] [rounds=5]   (BENCH_PG_URL adds PostgreSQL; BENCH_PG_ONLY=1 skips SQLite)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, dropPgDatabase, todoTitle } from './lib/seed.mjs';
import { serverCode } from './lib/server-code.mjs';

const { createTodo, createUser, deleteTodo, migrateToLatest, migrateUpTo, openDatabase, sql, updateTodo } = serverCode;

const rows = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);
const pgUrl = process.env.BENCH_PG_URL;
const TICK_US = 1e6 / 100; // USER_HZ

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A CPU clock (µs) for the database's work: ours on SQLite, the backend's on PostgreSQL. */
async function cpuClock(kind, db) {
  if (kind === 'sqlite') return () => { const { user, system } = process.cpuUsage(); return user + system; };
  const { rows: [row] } = await sql`select pg_backend_pid() as pid`.execute(db);
  return () => {
    const fields = fs.readFileSync(`/proc/${row.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US; // utime, stime
  };
}

async function oneRound(kind, url, schema) {
  const handle = openDatabase(url, { postgresPoolSize: 1 });
  const { db } = handle;
  if (schema === 'latest') await migrateToLatest(db);
  else await migrateUpTo(db, schema);
  const user = await createUser(db, { username: `w${Date.now()}`, email: `w${Date.now()}@bench.example`, passwordHash: 'x' });
  const clock = await cpuClock(kind, db);
  const timed = async (work) => {
    const start = clock();
    for (let i = 0; i < rows; i++) await work(i);
    return (clock() - start) / rows;
  };
  const ids = [];
  const out = {};
  out.create = await timed(async (i) => ids.push((await createTodo(db, user.id, { title: todoTitle(i), description: null, completed: i % 4 === 0 })).id));
  out.rename = await timed((i) => updateTodo(db, user.id, ids[i], { title: todoTitle(i + 1) }));
  out.toggle = await timed((i) => updateTodo(db, user.id, ids[i], { completed: i % 4 !== 0 }));
  out.describe = await timed((i) => updateTodo(db, user.id, ids[i], { description: `note ${i}` }));
  out.delete = await timed((i) => deleteTodo(db, user.id, ids[i]));
  await handle.close();
  return out;
}

async function engine(kind) {
  const results = { '003-todo-counts': [], latest: [] };
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
  for (const [schema, list] of Object.entries(results)) {
    const line = ['create', 'rename', 'toggle', 'describe', 'delete'].map((op) => `${op} ${median(list.map((r) => r[op])).toFixed(0)} µs`).join(', ');
    console.log(`${kind} ${schema === 'latest' ? 'with gram triggers   ' : 'without (schema 003)'}: ${line}  (CPU per call, median of ${rounds} × ${rows})`);
  }
}

if (!process.env.BENCH_PG_ONLY) await engine('sqlite');
if (pgUrl) await engine('postgres');
