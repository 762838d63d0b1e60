/**
 * Due dates, reminders, recurring series and the calendar feed.
 * - todos.due_date ('YYYY-MM-DD' text on both databases, so one code path compares and sorts it),
 *   remind_at (ISO UTC text), recurrence (an RRULE subset), series_id, and two claims: reminded_at
 *   (the reminder was taken by a process) and followed (the next occurrence was made, or refused).
 * - todo_series: a series' template (what its next occurrences copy), its anchor date (the rule's
 *   DTSTART), how many occurrences it made (for COUNT) and whether it ended.
 * - users.calendar_secret: the feed's current secret (kept as is, see api-contract).
 * Date columns compare byte by byte on PostgreSQL, as the other timestamps do (001).
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  const bytewise = isPostgres ? sql`text collate "C"` : 'text';
  // SQLite takes one column per ALTER TABLE: each goes on its own.
  for (const [name, type] of [
    ['due_date', bytewise],
    ['remind_at', bytewise],
    ['recurrence', 'text'],
    ['series_id', 'text'],
    ['reminded_at', 'text'],
  ] as const) {
    await db.schema.alterTable('todos').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('todos')
    .addColumn('followed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('calendar_secret', 'text').execute();
  await db.schema
    .createIndex('users_calendar_secret')
    .on('users')
    .column('calendar_secret')
    .unique()
    .execute();

  await db.schema
    .createTable('todo_series')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('recurrence', 'text', (c) => c.notNull())
    .addColumn('anchor', 'text', (c) => c.notNull())
    .addColumn('occurrences', 'integer', (c) => c.notNull())
    .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('todo_series_owner').on('todo_series').column('owner_id').execute();

  // The dueDate sort and filters, live todos only like the other list indexes (009). Undated todos
  // sort last both ways: PostgreSQL keeps nulls last in an ascending index, and gets a second one
  // for the descending order (a backward scan would put them first). SQLite puts nulls first, so
  // it sorts by (due_date is null) first (todos/list.ts), from two expression indexes.
  const live = sql.ref('deleted_at');
  await db.schema
    .createIndex('todos_owner_due')
    .on('todos')
    .columns(['owner_id', 'due_date', 'id', 'deleted_at'])
    .where(live, 'is', null)
    .execute();
  if (isPostgres) {
    await sql`create index todos_owner_due_desc on todos (owner_id, due_date desc nulls last, id desc, deleted_at) where deleted_at is null`.execute(
      db,
    );
  } else {
    await sql`create index todos_owner_due_asc on todos (owner_id, due_date is null, due_date, id, deleted_at) where deleted_at is null`.execute(
      db,
    );
    await sql`create index todos_owner_due_desc on todos (owner_id, due_date is null, due_date desc, id desc, deleted_at) where deleted_at is null`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('todos_owner_series')
    .on('todos')
    .columns(['owner_id', 'series_id'])
    .where(sql.ref('series_id'), 'is not', null)
    .execute();
  // Reminders still to send, by time: what the scheduler claims.
  await db.schema
    .createIndex('todos_reminders_due')
    .on('todos')
    .column('remind_at')
    .where(sql.ref('reminded_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['todos_reminders_due', 'todos_owner_series', 'todos_owner_due'])
    await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('todos_owner_due_desc').execute();
  if (!onPostgres(db)) await db.schema.dropIndex('todos_owner_due_asc').execute();
  await db.schema.dropTable('todo_series').execute();
  await db.schema.dropIndex('users_calendar_secret').execute();
  await db.schema.alterTable('users').dropColumn('calendar_secret').execute();
  for (const name of [
    'followed',
    'reminded_at',
    'series_id',
    'recurrence',
    'remind_at',
    'due_date',
  ]) {
    await db.schema.alterTable('todos').dropColumn(name).execute();
  }
}
