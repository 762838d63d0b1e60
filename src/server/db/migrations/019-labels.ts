/**
 * Labels: a user's coloured tags, many per todo. labels holds them (names unique per owner whatever
 * their case: name_key is the Unicode lower case computed in the app, as projects' is); todo_labels
 * links todos and labels. Deleting a todo for good (purge, emptied trash, the todo limit, a deleted
 * account) or a label removes its links through the foreign keys; a deleted account takes its
 * labels.
 *
 * todo_labels keeps the owner and whether the todo is open (live and not completed), so the
 * sidebar's open counts per label read one partial index instead of joining every link to its
 * todo. A trigger on todos keeps `open` true when a todo is completed, trashed or restored; a link
 * is written with it (labels/links.ts).
 *
 * Indexes: the primary key (todo, label) reads a todo's labels and serves the todo's cascade; a
 * label's todos (the label filter, the label's cascade); the open links per owner and label (the
 * counts).
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

const isOpen = (row: string, int = '') =>
  `(${row}.deleted_at is null and ${row}.completed = 0)${int}`;

const SQLITE_TRIGGER = `create trigger label_links_open after update of completed, deleted_at on todos
  when ${isOpen('old')} is not ${isOpen('new')}
  begin
    update todo_labels set open = ${isOpen('new')} where todo_id = new.id;
  end`;

// One statement per update statement over its changed rows (as migration 016's counts do).
const POSTGRES_TRIGGER = [
  `create function label_links_open() returns trigger language plpgsql as $$
   begin
     update todo_labels set open = ${isOpen('changed', '::int')}
       from changed where todo_labels.todo_id = changed.id
       and todo_labels.open <> ${isOpen('changed', '::int')};
     return null;
   end $$`,
  `create trigger label_links_open after update on todos
   referencing new table as changed for each statement execute function label_links_open()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  const identity = (column: ColumnDefinitionBuilder) =>
    isPostgres
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
  const keyText = isPostgres ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('labels')
    .addColumn('id', 'integer', identity)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', keyText, (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', keyText, (c) => c.notNull())
    .addColumn('updated_at', keyText, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('labels_owner_name')
    .on('labels')
    .columns(['owner_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('todo_labels')
    .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) =>
      c.notNull().references('labels.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('open', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('todo_labels_pk', ['todo_id', 'label_id'])
    .execute();
  await db.schema
    .createIndex('todo_labels_label')
    .on('todo_labels')
    .columns(['label_id', 'todo_id'])
    .execute();
  await db.schema
    .createIndex('todo_labels_open_owner')
    .on('todo_labels')
    .columns(['owner_id', 'label_id'])
    .where(sql.ref('open'), '=', sql.lit(1))
    .execute();
  for (const statement of isPostgres ? POSTGRES_TRIGGER : [SQLITE_TRIGGER])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await (
    onPostgres(db)
      ? sql`drop function if exists label_links_open cascade`
      : sql`drop trigger if exists label_links_open`
  ).execute(db);
  await db.schema.dropTable('todo_labels').execute();
  await db.schema.dropTable('labels').execute();
}
