/**
 * owner_counts: each owner's live, open (live and not completed) and trashed todos, kept by
 * triggers in the transaction of every write to todos, whichever code path makes it (a create, a
 * bulk action, an import, a series, the purge, a cascade from a deleted account). An unfiltered
 * list reads its total here instead of counting the owner's rows on every page, a cost that grows
 * with the owner's todos; so does the todo limit on every create.
 *
 * SQLite has row triggers only. PostgreSQL gets statement triggers over transition tables: one
 * update per owner per statement, where row triggers would update the same counts row once per
 * todo, and a 100,000-row import would leave as many versions of that row.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

/** A row's contribution to each count, as 0/1 in both databases (PostgreSQL casts its booleans). */
const contribution = (row: string, int: string) => ({
  live: `(${row}.deleted_at is null)${int}`,
  open: `(${row}.deleted_at is null and ${row}.completed = 0)${int}`,
  trashed: `(${row}.deleted_at is not null)${int}`,
});

const SQLITE_ADD = contribution('new', '');
const SQLITE_REMOVE = contribution('old', '');

const sqliteUpdate = (sign: '+' | '-', owner: string, counts: typeof SQLITE_ADD) =>
  `update owner_counts set live_todos = live_todos ${sign} ${counts.live},
     open_todos = open_todos ${sign} ${counts.open}, trashed_todos = trashed_todos ${sign} ${counts.trashed}
   where owner_id = ${owner}.owner_id;`;

const SQLITE = [
  `create trigger owner_counts_user after insert on users begin
     insert into owner_counts (owner_id) values (new.id);
   end`,
  `create trigger owner_counts_insert after insert on todos begin
     ${sqliteUpdate('+', 'new', SQLITE_ADD)}
   end`,
  `create trigger owner_counts_delete after delete on todos begin
     ${sqliteUpdate('-', 'old', SQLITE_REMOVE)}
   end`,
  // Renames, reminders and the like leave the counts alone.
  `create trigger owner_counts_update after update of owner_id, completed, deleted_at on todos
   when old.owner_id is not new.owner_id or old.completed is not new.completed
     or (old.deleted_at is null) is not (new.deleted_at is null)
   begin
     ${sqliteUpdate('-', 'old', SQLITE_REMOVE)}
     ${sqliteUpdate('+', 'new', SQLITE_ADD)}
   end`,
];

/** The per-owner change a statement made, from its transition tables (`added` rows count +1, `removed` −1). */
function postgresDelta(added: string | undefined, removed: string | undefined): string {
  const rows = (table: string, sign: string) => {
    const c = contribution(table, '::int');
    return `select owner_id, ${sign}${c.live} as live, ${sign}${c.open} as open, ${sign}${c.trashed} as trashed from ${table}`;
  };
  const parts = [added && rows(added, ''), removed && rows(removed, '-')].filter(Boolean);
  return `update owner_counts set live_todos = live_todos + d.live, open_todos = open_todos + d.open,
            trashed_todos = trashed_todos + d.trashed
          from (select owner_id, sum(live) as live, sum(open) as open, sum(trashed) as trashed
                from (${parts.join(' union all ')}) as changes group by owner_id) as d
          where owner_counts.owner_id = d.owner_id and (d.live <> 0 or d.open <> 0 or d.trashed <> 0);`;
}

const postgresFunction = (name: string, body: string) =>
  `create function ${name}() returns trigger language plpgsql as $$
   begin
     ${body}
     return null;
   end $$`;

const POSTGRES = [
  postgresFunction('owner_counts_user', 'insert into owner_counts (owner_id) values (new.id);'),
  `create trigger owner_counts_user after insert on users
   for each row execute function owner_counts_user()`,
  postgresFunction('owner_counts_insert', postgresDelta('added', undefined)),
  `create trigger owner_counts_insert after insert on todos
   referencing new table as added for each statement execute function owner_counts_insert()`,
  postgresFunction('owner_counts_delete', postgresDelta(undefined, 'removed')),
  `create trigger owner_counts_delete after delete on todos
   referencing old table as removed for each statement execute function owner_counts_delete()`,
  postgresFunction('owner_counts_update', postgresDelta('added', 'removed')),
  `create trigger owner_counts_update after update on todos
   referencing old table as removed new table as added
   for each statement execute function owner_counts_update()`,
];

/** The counts of every user as they stand, 0 for a user without todos. */
const BACKFILL = `insert into owner_counts (owner_id, live_todos, open_todos, trashed_todos)
  select users.id,
    coalesce(sum(case when todos.deleted_at is null then 1 else 0 end), 0),
    coalesce(sum(case when todos.deleted_at is null and todos.completed = 0 then 1 else 0 end), 0),
    coalesce(sum(case when todos.deleted_at is not null then 1 else 0 end), 0)
  from users left join todos on todos.owner_id = users.id
  group by users.id`;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  // The triggers exist before the backfill counts, in one transaction (PostgreSQL's migrations run
  // in one already): creating a trigger locks its table, so no write falls between the two.
  const migrate = async (trx: Kysely<any>) => {
    await trx.schema
      .createTable('owner_counts')
      .addColumn('owner_id', 'integer', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('live_todos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('open_todos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('trashed_todos', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const statement of isPostgres ? POSTGRES : SQLITE) await sql.raw(statement).execute(trx);
    await sql.raw(BACKFILL).execute(trx);
  };
  await (db.isTransaction ? migrate(db) : db.transaction().execute(migrate));
}

/** The triggers' names; on PostgreSQL each also names its function, whose drop takes the trigger along. */
const TRIGGERS = [
  'owner_counts_user',
  'owner_counts_insert',
  'owner_counts_delete',
  'owner_counts_update',
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of TRIGGERS)
    await (
      onPostgres(db)
        ? sql`drop function if exists ${sql.id(name)} cascade`
        : sql`drop trigger if exists ${sql.id(name)}`
    ).execute(db);
  await db.schema.dropTable('owner_counts').execute();
}
