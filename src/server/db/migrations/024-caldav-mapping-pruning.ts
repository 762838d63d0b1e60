/**
 * caldav_objects.mapping: the version of the mapping a client's text was stored under, 0 before
 * RRULE and RELATED-TO were mapped to the todo's repeat and parent (1): those texts keep their
 * rules and relations as sent until the client sends the todo again.
 *
 * Pruning the CalDAV change journal (migration 022): dav_changes.gone_at is when housekeeping first
 * saw a row gone (the triggers need not change: a row that comes back loses it), and
 * dav_sync_floors holds, per owner, the newest change number pruned: a sync token older than that
 * may miss a removal, so it is refused (RFC 6578 valid-sync-token) and the client syncs in full.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('caldav_objects')
    .addColumn('mapping', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('dav_changes').addColumn('gone_at', 'text').execute();
  await db.schema
    .createTable('dav_sync_floors')
    .addColumn('owner_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
  // What housekeeping looks for hourly: gone rows (to stamp and to prune), and rows back again.
  await db.schema
    .createIndex('dav_changes_gone')
    .on('dav_changes')
    .column('gone_at')
    .where(sql<boolean>`gone = 1`)
    .execute();
  await db.schema
    .createIndex('dav_changes_back')
    .on('dav_changes')
    .column('todo_id')
    .where(sql<boolean>`gone = 0 and gone_at is not null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dav_changes_back').execute();
  await db.schema.dropIndex('dav_changes_gone').execute();
  await db.schema.dropTable('dav_sync_floors').execute();
  await db.schema.alterTable('dav_changes').dropColumn('gone_at').execute();
  await db.schema.alterTable('caldav_objects').dropColumn('mapping').execute();
}
