/**
 * The triggers of migration 022 that keep dav_changes: a todo written gets its collection's row
 * stamped with a new sequence number (gone when trashed); a todo moved, or deleted while live,
 * leaves a gone row in the collection it left. SQLite numbers per owner (one writer at a time);
 * PostgreSQL takes numbers from a sequence, in the owner's locked transaction (db/transactions.ts),
 * so one owner's numbers rise in commit order. As in migration 016, PostgreSQL gets statement
 * triggers over transition tables.
 */

/** The triggers' names; on PostgreSQL each also names its function. */
export const DAV_CHANGE_TRIGGERS = [
  'dav_changes_insert',
  'dav_changes_update',
  'dav_changes_delete',
];

/** The columns whose change a client should see (a sent reminder's reminded_at is not one). */
const WATCHED = [
  'title',
  'description',
  'completed',
  'due_date',
  'remind_at',
  'recurrence',
  'priority',
  'project_id',
  'deleted_at',
  'updated_at',
  'owner_id',
];

const UPSERT = `on conflict (todo_id, collection) do update
  set owner_id = excluded.owner_id, seq = excluded.seq, gone = excluded.gone`;

const sqliteNext = (row: string) =>
  `(select coalesce(max(seq), 0) + 1 from dav_changes where owner_id = ${row}.owner_id)`;

const sqliteStamp = (row: string, gone: string, where: string) =>
  `insert into dav_changes (owner_id, todo_id, collection, seq, gone)
   select ${row}.owner_id, ${row}.id, coalesce(${row}.project_id, 0), ${sqliteNext(row)}, ${gone}
   where ${where} ${UPSERT};`;

export const DAV_CHANGE_SQLITE = [
  `create trigger dav_changes_insert after insert on todos begin
     ${sqliteStamp('new', 'new.deleted_at is not null', 'true')}
   end`,
  // Not while the owner's account is deleted (its projects' deletion updates its todos first).
  `create trigger dav_changes_update after update of ${WATCHED.join(', ')} on todos
   when exists (select 1 from users where users.id = new.owner_id) begin
     ${sqliteStamp('old', '1', 'coalesce(old.project_id, 0) <> coalesce(new.project_id, 0)')}
     ${sqliteStamp('new', 'new.deleted_at is not null', 'true')}
   end`,
  // A live todo deleted outright (not through the trash); not when its owner's account is deleted.
  `create trigger dav_changes_delete after delete on todos when old.deleted_at is null begin
     ${sqliteStamp('old', '1', 'exists (select 1 from users where users.id = old.owner_id)')}
   end`,
];

const postgresStamp = (from: string, row: string, gone: string, where = 'true') =>
  `insert into dav_changes (owner_id, todo_id, collection, seq, gone)
   select ${row}.owner_id, ${row}.id, coalesce(${row}.project_id, 0), nextval('dav_seq'), ${gone}
   from ${from} where ${where} ${UPSERT};`;

const postgresFunction = (name: string, body: string) =>
  `create function ${name}() returns trigger language plpgsql as $$
   begin
     ${body}
     return null;
   end $$`;

const ownerLives = (row: string) => `exists (select 1 from users where users.id = ${row}.owner_id)`;

const changed = `(${WATCHED.map((column) => `a.${column}`).join(', ')}) is distinct from (${WATCHED.map((column) => `r.${column}`).join(', ')})`;

export const DAV_CHANGE_POSTGRES = [
  postgresFunction(
    'dav_changes_insert',
    postgresStamp('added a', 'a', '(a.deleted_at is not null)::int'),
  ),
  `create trigger dav_changes_insert after insert on todos
   referencing new table as added for each statement execute function dav_changes_insert()`,
  postgresFunction(
    'dav_changes_update',
    postgresStamp(
      'removed r join added a on a.id = r.id',
      'r',
      '1',
      `coalesce(r.project_id, 0) <> coalesce(a.project_id, 0) and ${ownerLives('a')}`,
    ) +
      postgresStamp(
        'added a join removed r on r.id = a.id',
        'a',
        '(a.deleted_at is not null)::int',
        `${changed} and ${ownerLives('a')}`,
      ),
  ),
  `create trigger dav_changes_update after update on todos
   referencing old table as removed new table as added
   for each statement execute function dav_changes_update()`,
  postgresFunction(
    'dav_changes_delete',
    postgresStamp('removed r', 'r', '1', `r.deleted_at is null and ${ownerLives('r')}`),
  ),
  `create trigger dav_changes_delete after delete on todos
   referencing old table as removed for each statement execute function dav_changes_delete()`,
];
