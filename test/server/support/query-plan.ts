/**
 * What the migration tests share: a query's plan as each database explains it, and the release
 * 0.1.0 fixture's user signed in.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/server/db/types';
import type { Session } from '../../../src/shared/api-types';
import type { Dialect } from './databases';

interface PlanOptions {
  /**
   * PostgreSQL: the tables to analyze first. With statistics, as autovacuum keeps them; without,
   * PostgreSQL picks among an owner's indexes of equal estimated cost.
   */
  analyze?: string[];
  /**
   * PostgreSQL: refuse a sort, so the plan shows whether an index serves the order (the fixtures'
   * few rows are cheaper to sort than to read in order).
   */
  noSort?: boolean;
}

/** The plan of `query`, one line per step; PostgreSQL is told not to scan whole tables. */
export function queryPlan(
  db: Kysely<Database>,
  dialect: Dialect,
  query: string,
  { analyze = [], noSort = false }: PlanOptions = {},
): Promise<string> {
  return db.connection().execute(async (connection) => {
    if (dialect === 'postgres') {
      for (const table of analyze) await sql`analyze ${sql.table(table)}`.execute(connection);
      await sql`set enable_seqscan = off`.execute(connection);
      if (noSort) await sql`set enable_sort = off`.execute(connection);
    }
    const { rows } = await sql
      .raw<Record<string, string>>(
        `${dialect === 'postgres' ? 'explain' : 'explain query plan'} ${query}`,
      )
      .execute(connection);
    return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
  });
}

/** The release 0.1.0 fixture's user (fromRelease: '0.1.0'), signed in. */
export async function signInReleaseUser(app: FastifyInstance): Promise<Session> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier: 'ada@example.com', password: 'Secret1!' },
  });
  if (login.statusCode !== 200) throw new Error(`the fixture's login failed: ${login.body}`);
  return login.json<Session>();
}
