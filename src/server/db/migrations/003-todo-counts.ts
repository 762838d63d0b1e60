/**
 * Each owner's number of todos and of completed todos, kept by triggers in the same transaction
 * as every insert, delete and update of a todo, whoever writes it (the API, the admin command, a
 * cascade from a deleted user, a bulk load). A list without a title search reads its exact total
 * here instead of counting the owner's rows on every call, which grows with the owner's todos
 * (issue 5: at 100,000 todos the count alone was ten times the rest of the request).
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

const SQLITE_TRIGGERS = [
  sql`create trigger todo_counts_user_insert after insert on users begin
        insert into todo_counts (owner_id, total, completed) values (new.id, 0, 0);
      end`,
  sql`create trigger todo_counts_todo_insert after insert on todos begin
        update todo_counts set total = total + 1, completed = completed + new.completed
        where owner_id = new.owner_id;
      end`,
  sql`create trigger todo_counts_todo_delete after delete on todos begin
        update todo_counts set total = total - 1, completed = completed - old.completed
        where owner_id = old.owner_id;
      end`,
  sql`create trigger todo_counts_todo_update after update of owner_id, completed on todos
      when old.owner_id is not new.owner_id or old.completed is not new.completed begin
        update todo_counts set total = total - 1, completed = completed - old.completed
        where owner_id = old.owner_id;
        update todo_counts set total = total + 1, completed = completed + new.completed
        where owner_id = new.owner_id;
      end`,
];

const POSTGRES_TRIGGERS = [
  sql`create function todo_counts_user_insert() returns trigger language plpgsql as $$
      begin
        insert into todo_counts (owner_id, total, completed) values (new.id, 0, 0);
        return null;
      end $$`,
  sql`create trigger todo_counts_user_insert after insert on users
      for each row execute function todo_counts_user_insert()`,
  sql`create function todo_counts_todo_change() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update todo_counts set total = total - 1, completed = completed - old.completed
          where owner_id = old.owner_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update todo_counts set total = total + 1, completed = completed + new.completed
          where owner_id = new.owner_id;
        end if;
        return null;
      end $$`,
  sql`create trigger todo_counts_todo_insert_delete after insert or delete on todos
      for each row execute function todo_counts_todo_change()`,
  sql`create trigger todo_counts_todo_update after update of owner_id, completed on todos
      for each row when (old.owner_id is distinct from new.owner_id or old.completed is distinct from new.completed)
      execute function todo_counts_todo_change()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  await db.schema
    .createTable('todo_counts')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .execute();
  for (const statement of isPostgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
  await sql`insert into todo_counts (owner_id, total, completed)
            select users.id, count(todos.id), coalesce(sum(todos.completed), 0)
            from users left join todos on todos.owner_id = users.id
            group by users.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  if (isPostgres) {
    await sql`drop trigger todo_counts_todo_update on todos`.execute(db);
    await sql`drop trigger todo_counts_todo_insert_delete on todos`.execute(db);
    await sql`drop trigger todo_counts_user_insert on users`.execute(db);
    await sql`drop function todo_counts_todo_change()`.execute(db);
    await sql`drop function todo_counts_user_insert()`.execute(db);
  } else {
    for (const name of ['todo_counts_todo_update', 'todo_counts_todo_delete', 'todo_counts_todo_insert', 'todo_counts_user_insert']) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('todo_counts').execute();
}
