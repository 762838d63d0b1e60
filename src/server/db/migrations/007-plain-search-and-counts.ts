/**
 * Lists count and search the owner's rows through plain indexes again: this drops the per-owner
 * counters (003), the 1–2-character title grams with their bounds and pending notes (004–006), and
 * every trigger and function that kept them. Todos are untouched. On PostgreSQL a pg_trgm GIN index
 * on title_key serves searches of 3 or more characters; SQLite scans the owner's title index, which
 * holds the key.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

const SQLITE_TRIGGERS = [
  'todo_counts_user_insert',
  'todo_counts_todo_insert',
  'todo_counts_todo_delete',
  'todo_counts_todo_update',
  'todo_title_grams_insert',
  'todo_title_grams_delete',
  'todo_title_grams_retitle',
  'todo_title_grams_complete',
];

/** Dropping a trigger function drops the triggers that call it (cascade). */
const POSTGRES_FUNCTIONS = [
  'todo_counts_todo_change',
  'todo_counts_user_insert',
  'todo_title_grams_insert',
  'todo_title_grams_delete',
  'todo_title_grams_update',
  'todo_title_grams_fold',
  'title_grams',
];

const KEPT_TABLES = ['todo_title_grams_pending', 'todo_title_grams', 'todo_counts'];

export async function up(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) {
    for (const name of POSTGRES_FUNCTIONS)
      await sql`drop function if exists ${sql.id(name)} cascade`.execute(db);
  } else {
    for (const name of SQLITE_TRIGGERS)
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  for (const table of KEPT_TABLES) await db.schema.dropTable(table).ifExists().execute();
  if (onPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index todos_title_trgm on todos using gin (title_key gin_trgm_ops)`.execute(
      db,
    );
  }
}

/** The counters and grams are not rebuilt: nothing reads them any more. */
export async function down(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) await sql`drop index if exists todos_title_trgm`.execute(db);
}
