/**
 * todo_events: one row per change of a user's todos, written in the change's transaction. Ids
 * increase across processes (identity / AUTOINCREMENT, never reused), so a reconnecting stream
 * replays exactly what followed its Last-Event-ID; rows go after 5 minutes (events/journal.ts).
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  const identity = (column: ColumnDefinitionBuilder) =>
    isPostgres
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
  await db.schema
    .createTable('todo_events')
    .addColumn('id', isPostgres ? 'bigint' : 'integer', identity)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', isPostgres ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('todo_events_user')
    .on('todo_events')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('todo_events_created')
    .on('todo_events')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('todo_events').execute();
}
