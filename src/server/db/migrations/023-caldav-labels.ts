/**
 * A todo's CalDAV CATEGORIES are its labels' names, so renaming a label, and putting one on a todo
 * or taking it off (deleting a label takes it off its todos), is a change of each todo it is on:
 * these triggers give those todos' dav_changes rows (migration 022) a new number, which moves their
 * ETag and the calendar's sync token. Row triggers in both databases: a label is on few todos.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

const TRIGGERS = ['dav_changes_label_name', 'dav_changes_label_link', 'dav_changes_label_unlink'];

const sqliteRestamp = (owner: string, todos: string) =>
  `update dav_changes set seq = (select coalesce(max(seq), 0) + 1 from dav_changes where owner_id = ${owner})
   where gone = 0 and todo_id in (${todos})
     and exists (select 1 from users where users.id = ${owner});`;

const SQLITE = [
  `create trigger dav_changes_label_name after update of name on labels begin
     ${sqliteRestamp('new.owner_id', 'select todo_id from todo_labels where label_id = new.id')}
   end`,
  `create trigger dav_changes_label_link after insert on todo_labels begin
     ${sqliteRestamp('new.owner_id', 'new.todo_id')}
   end`,
  `create trigger dav_changes_label_unlink after delete on todo_labels begin
     ${sqliteRestamp('old.owner_id', 'old.todo_id')}
   end`,
];

const postgresRestamp = (owner: string, todos: string) =>
  `update dav_changes set seq = nextval('dav_seq')
   where gone = 0 and todo_id in (${todos})
     and exists (select 1 from users where users.id = ${owner});`;

const postgresFunction = (name: string, body: string) =>
  `create function ${name}() returns trigger language plpgsql as $$
   begin
     ${body}
     return null;
   end $$`;

const POSTGRES = [
  postgresFunction(
    'dav_changes_label_name',
    `if new.name is distinct from old.name then
       ${postgresRestamp('new.owner_id', 'select todo_id from todo_labels where label_id = new.id')}
     end if;`,
  ),
  `create trigger dav_changes_label_name after update on labels
   for each row execute function dav_changes_label_name()`,
  postgresFunction('dav_changes_label_link', postgresRestamp('new.owner_id', 'new.todo_id')),
  `create trigger dav_changes_label_link after insert on todo_labels
   for each row execute function dav_changes_label_link()`,
  postgresFunction('dav_changes_label_unlink', postgresRestamp('old.owner_id', 'old.todo_id')),
  `create trigger dav_changes_label_unlink after delete on todo_labels
   for each row execute function dav_changes_label_unlink()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of onPostgres(db) ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of TRIGGERS)
    await (
      onPostgres(db)
        ? sql`drop function if exists ${sql.id(name)} cascade`
        : sql`drop trigger if exists ${sql.id(name)}`
    ).execute(db);
}
