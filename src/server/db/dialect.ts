/** Which database a Kysely instance runs on, for the few places where the SQL differs. */
import { PostgresAdapter, type Kysely } from 'kysely';

export const onPostgres = <DB>(db: Kysely<DB>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
