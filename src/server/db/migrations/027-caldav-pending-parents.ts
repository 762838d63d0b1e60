/**
 * caldav_objects.pending_parent: the parent UID a client's RELATED-TO named when no todo of the
 * owner's in that calendar had it, as when vdirsyncer sends a child before its parent or a client
 * edits a child whose parent is gone. The todo is kept as a root rather than refused, its
 * RELATED-TO goes back as sent, and it is put under the parent once a todo with that UID is sent to
 * its calendar.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('caldav_objects').addColumn('pending_parent', 'text').execute();
  // What a PUT that creates a todo looks for: the children waiting for its UID.
  await db.schema
    .createIndex('caldav_objects_pending_parent')
    .on('caldav_objects')
    .columns(['owner_id', 'pending_parent'])
    .where(sql<boolean>`pending_parent is not null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('caldav_objects_pending_parent').execute();
  await db.schema.alterTable('caldav_objects').dropColumn('pending_parent').execute();
}
