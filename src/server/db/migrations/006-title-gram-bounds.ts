/**
 * Each title gram's row (migration 004) also keeps bounds of its todos' title_keys: every todo
 * counted in it has first_key <= title_key <= last_key. Every todo that contains a needle contains
 * the needle's first gram, so a title search sorted by title reads the owner's title index between
 * that gram's bounds only (todos/repository). It used to read the index from its start until a page
 * of matches was found: where the matching titles sort late, that walk grew with the owner's todos
 * (issue 5: "re" by title at 100,000 todos among 1,000,000 took 2.8–3.6 times as long as at 10,000;
 * the bench's titles that contain "re" sort after half of the others).
 *
 * The bounds only ever widen: a new title widens its grams' bounds to take it in, while a deleted
 * todo or a changed title leaves them as they are, still bounds of what is left, only looser. A
 * gram whose last todo leaves is removed with its bounds, as before.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';
import { SQLITE_TRIGGER_NAMES, sqliteGramParts, sqliteTriggers } from './004-title-gram-counts';
import { foldFunction, pendingTriggerFunctions } from './005-pending-title-grams';

const parts = sqliteGramParts('todos.title_key');

/** Per owner and gram, the least and greatest title_key of the todos that contain the gram. */
const BOUNDS = {
  sqlite: `select todos.owner_id, ${parts.gram} as gram, min(todos.title_key) as first_key, max(todos.title_key) as last_key
    from todos, ${parts.from} where ${parts.where}
    group by 1, 2`,
  // Pending todos are not counted in the grams yet; taking them in too leaves bounds that still hold.
  postgres: `select owner_id, gram, min(title_key) as first_key, max(title_key) as last_key
    from todos, title_grams(title_key) as gram
    group by owner_id, gram`,
};

const setBounds = (bounds: string) =>
  sql.raw(`update todo_title_grams set first_key = bounds.first_key, last_key = bounds.last_key
    from (${bounds}) as bounds
    where bounds.owner_id = todo_title_grams.owner_id and bounds.gram = todo_title_grams.gram`);

export async function up(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) {
    // Compared as the title_keys they bound are (migration 001).
    await sql`alter table todo_title_grams add column first_key text collate "C", add column last_key text collate "C"`.execute(db);
    await setBounds(BOUNDS.postgres).execute(db);
    // Every gram row has a todo that contains it, so each got its bounds; this checks it.
    await sql`alter table todo_title_grams alter column first_key set not null, alter column last_key set not null`.execute(db);
    await foldFunction({ bounds: true }).execute(db);
    for (const statement of pendingTriggerFunctions({ bounds: true })) await statement.execute(db);
    return;
  }
  // SQLite adds a NOT NULL column only with a default; the update below replaces it in every row.
  for (const column of ['first_key', 'last_key']) {
    await sql`alter table todo_title_grams add column ${sql.raw(column)} text not null default ''`.execute(db);
  }
  await setBounds(BOUNDS.sqlite).execute(db);
  for (const name of SQLITE_TRIGGER_NAMES) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  for (const statement of sqliteTriggers({ bounds: true })) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) {
    await foldFunction({ bounds: false }).execute(db);
    for (const statement of pendingTriggerFunctions({ bounds: false })) await statement.execute(db);
    await sql`alter table todo_title_grams drop column first_key, drop column last_key`.execute(db);
    return;
  }
  for (const name of SQLITE_TRIGGER_NAMES) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  for (const column of ['first_key', 'last_key']) await sql`alter table todo_title_grams drop column ${sql.raw(column)}`.execute(db);
  for (const statement of sqliteTriggers({ bounds: false })) await statement.execute(db);
}
