/**
 * CalDAV. app_passwords: a user's per-device passwords for HTTP Basic (CalDAV clients), kept by
 * the SHA-256 of their random secret. caldav_objects: what a CalDAV client chose for a todo it
 * created or edited (its UID, its resource name, the iCalendar text it sent, so properties
 * Ticklist does not model go back unchanged). dav_changes: one row per todo and collection it is
 * or was in, stamped with a rising sequence number by triggers on every write to todos (whichever
 * code path makes it), so a sync-collection report lists what changed after a token, the todos
 * that left a collection (moved, trashed, purged) included. caldav_collections: the path segment a
 * client chose for a calendar it made (MKCALENDAR), where `project-<id>` would not be found.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';
import { DAV_CHANGE_POSTGRES, DAV_CHANGE_SQLITE, DAV_CHANGE_TRIGGERS } from './022-dav-triggers';

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  const identity = (column: ColumnDefinitionBuilder) =>
    isPostgres
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
  const migrate = async (trx: Kysely<any>) => {
    await trx.schema
      .createTable('app_passwords')
      .addColumn('id', 'integer', identity)
      .addColumn('owner_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await trx.schema
      .createIndex('app_passwords_owner')
      .on('app_passwords')
      .columns(['owner_id', 'id'])
      .execute();
    await trx.schema
      .createTable('caldav_objects')
      // No foreign key to todos: a purged todo's name is still needed to report it gone.
      .addColumn('todo_id', 'integer', (c) => c.primaryKey())
      .addColumn('owner_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('uid', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('ical', 'text', (c) => c.notNull())
      .addUniqueConstraint('caldav_objects_uid', ['owner_id', 'uid'])
      .addUniqueConstraint('caldav_objects_name', ['owner_id', 'name'])
      .execute();
    await trx.schema
      .createTable('caldav_collections')
      .addColumn('project_id', 'integer', (c) =>
        c.primaryKey().references('projects.id').onDelete('cascade'),
      )
      .addColumn('owner_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('segment', 'text', (c) => c.notNull())
      .addUniqueConstraint('caldav_collections_segment', ['owner_id', 'segment'])
      .execute();
    await trx.schema
      .createTable('dav_changes')
      .addColumn('owner_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('todo_id', 'integer', (c) => c.notNull())
      // The project's id, 0 for the Inbox.
      .addColumn('collection', 'integer', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      // 1 once the todo left the collection (moved, trashed, purged).
      .addColumn('gone', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('dav_changes_pk', ['todo_id', 'collection'])
      .execute();
    await trx.schema
      .createIndex('dav_changes_sync')
      .on('dav_changes')
      .columns(['owner_id', 'collection', 'seq'])
      .execute();
    await trx.schema
      .createIndex('dav_changes_owner_seq')
      .on('dav_changes')
      .columns(['owner_id', 'seq'])
      .execute();
    if (isPostgres) await sql`create sequence dav_seq start with 2`.execute(trx);
    for (const statement of isPostgres ? DAV_CHANGE_POSTGRES : DAV_CHANGE_SQLITE)
      await sql.raw(statement).execute(trx);
    // What is there now is all "before" any token a client can hold: sequence number 1.
    await sql`insert into dav_changes (owner_id, todo_id, collection, seq, gone)
      select owner_id, id, coalesce(project_id, 0), 1,
        case when deleted_at is null then 0 else 1 end from todos`.execute(trx);
  };
  await (db.isTransaction ? migrate(db) : db.transaction().execute(migrate));
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of DAV_CHANGE_TRIGGERS)
    await (
      onPostgres(db)
        ? sql`drop function if exists ${sql.id(name)} cascade`
        : sql`drop trigger if exists ${sql.id(name)}`
    ).execute(db);
  if (onPostgres(db)) await sql`drop sequence if exists dav_seq`.execute(db);
  await db.schema.dropTable('dav_changes').execute();
  await db.schema.dropTable('caldav_collections').execute();
  await db.schema.dropTable('caldav_objects').execute();
  await db.schema.dropTable('app_passwords').execute();
}
