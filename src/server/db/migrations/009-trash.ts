/**
 * The trash: todos.deleted_at (ISO text, null while the todo is live). Every list reads live todos
 * only, so the per-owner indexes of 001 and 002 become partial (`where deleted_at is null`): a page
 * and its count(*) stay index-only scans that never step over trashed rows. Two small partial
 * indexes serve the trash: one owner's, newest first, and the purge of the oldest across owners.
 */
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

const LIVE_INDEXES: Record<string, string[]> = {
  todos_owner_created: ['owner_id', 'created_at', 'id'],
  todos_owner_updated: ['owner_id', 'updated_at', 'id'],
  todos_owner_title: ['owner_id', 'title_key', 'id'],
  todos_owner_completed: ['owner_id', 'completed', 'created_at', 'id'],
  todos_owner_id: ['owner_id', 'id'],
  todos_owner_completed_id: ['owner_id', 'completed', 'id'],
};

async function rebuildLiveIndexes(db: Kysely<any>, partial: boolean): Promise<void> {
  for (const [name, columns] of Object.entries(LIVE_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    // deleted_at (always null here) is also a column, as SQLite counts an index as covering only
    // when it holds every column the query names: the list's count(*) then reads no table row.
    const index = db.schema.createIndex(name).on('todos');
    await (
      partial
        ? index.columns([...columns, 'deleted_at']).where(sql.ref('deleted_at'), 'is', null)
        : index.columns(columns)
    ).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // Compared byte by byte on PostgreSQL, as the other timestamps are (001).
  await db.schema
    .alterTable('todos')
    .addColumn('deleted_at', onPostgres(db) ? sql`text collate "C"` : 'text')
    .execute();
  await rebuildLiveIndexes(db, true);
  const trashed = sql.ref('deleted_at');
  await db.schema
    .createIndex('todos_owner_trash')
    .on('todos')
    .columns(['owner_id', 'deleted_at', 'id'])
    .where(trashed, 'is not', null)
    .execute();
  await db.schema
    .createIndex('todos_trash_expiry')
    .on('todos')
    .column('deleted_at')
    .where(trashed, 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('todos_trash_expiry').execute();
  await db.schema.dropIndex('todos_owner_trash').execute();
  // Trashed todos would come back to life without the column: they go for good.
  await db.deleteFrom('todos').where('deleted_at', 'is not', null).execute();
  await rebuildLiveIndexes(db, false);
  await db.schema.alterTable('todos').dropColumn('deleted_at').execute();
}
