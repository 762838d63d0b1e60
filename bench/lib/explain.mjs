// Captures the exact SQL the server runs for a list call (its own listTodos + parseListQuery,
// through a logging Kysely) and asks the database for the plan and the time of each statement.
import qs from 'qs';
import { serverCode } from './server-code.mjs';

const { Kysely, listTodos, parseListQuery, PostgresDialect, SqliteDialect } = serverCode;

export async function openExplainer(kind, url) {
  const captured = [];
  let raw;
  let dialect;
  let escapeLiteral;
  if (kind === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    raw = new SQLite(url.slice('sqlite:'.length));
    dialect = new SqliteDialect({ database: raw });
  } else {
    const { default: pg } = await import('pg');
    ({ escapeLiteral } = pg);
    raw = new pg.Pool({ connectionString: url, max: 1 });
    dialect = new PostgresDialect({ pool: raw });
  }
  const db = new Kysely({
    dialect,
    log: (event) => event.level === 'query' && captured.push(event.query),
  });

  async function statements(ownerId, queryString) {
    captured.length = 0;
    await listTodos(db, ownerId, parseListQuery(qs.parse(queryString)));
    return captured.map((query) => ({ sql: query.sql, parameters: [...query.parameters] }));
  }

  /** Plan and median time (ms) of each statement of one list call. */
  async function explain(ownerId, queryString, repeat = 15) {
    const out = [];
    for (const { sql, parameters } of await statements(ownerId, queryString)) {
      let plan;
      const times = [];
      if (kind === 'sqlite') {
        plan = raw
          .prepare(`explain query plan ${sql}`)
          .all(...parameters)
          .map((row) => row.detail)
          .join('\n');
        const statement = raw.prepare(sql);
        for (let i = 0; i < repeat; i++) {
          const t = process.hrtime.bigint();
          statement.all(...parameters);
          times.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
      } else {
        for (let i = 0; i < repeat; i++) {
          const t = process.hrtime.bigint();
          await raw.query(sql, parameters);
          times.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
        const literals = parameters.map((value) =>
          typeof value === 'string' ? escapeLiteral(value) : String(value),
        );
        const explained = sql.replace(/\$(\d+)/g, (_, n) => literals[Number(n) - 1]);
        plan = (await raw.query(`explain (analyze, buffers) ${explained}`)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      }
      times.sort((a, b) => a - b);
      out.push({ sql, parameters, plan, medianMs: times[Math.floor(times.length / 2)] });
    }
    return out;
  }

  /** Runs a statement on the raw connection (used for the what-if experiments). */
  async function exec(sql, parameters = []) {
    if (kind === 'sqlite') {
      const statement = raw.prepare(sql);
      return statement.reader ? statement.all(...parameters) : statement.run(...parameters);
    }
    return (await raw.query(sql, parameters)).rows;
  }

  async function timeSql(sql, parameters = [], repeat = 15) {
    const times = [];
    for (let i = 0; i < repeat; i++) {
      const t = process.hrtime.bigint();
      await exec(sql, parameters);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  }

  async function planOf(sql, parameters = []) {
    if (kind === 'sqlite')
      return raw
        .prepare(`explain query plan ${sql}`)
        .all(...parameters)
        .map((row) => row.detail)
        .join('\n');
    return (await raw.query(`explain (analyze, buffers) ${sql}`, parameters)).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  }

  return { statements, explain, exec, timeSql, planOf, close: () => db.destroy() };
}
