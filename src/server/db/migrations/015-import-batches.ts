/**
 * Imports written a chunk at a time: an import_batches row per import under way, and its todos
 * staged in import_rows (the todos columns an import sets, in file order) until one statement moves
 * them all into todos. Lists, counts, search, feeds and reminders read todos only, so staged rows
 * are never seen. A batch is marked finished once its rows are in todos; then, or when it failed or
 * was abandoned, its staged rows are deleted a chunk at a time.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('touched_at', 'text', (c) => c.notNull())
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('import_batches_owner')
    .on('import_batches')
    .column('owner_id')
    .execute();
  await db.schema
    .createTable('import_rows')
    .addColumn('batch_id', 'text', (c) =>
      c.notNull().references('import_batches.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('remind_at', 'text')
    .addColumn('recurrence', 'text')
    .addColumn('series_id', 'text')
    .addColumn('followed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rows_pk', ['batch_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('import_batches').execute();
}
