/**
 * Users, their todos and revoked tokens. Portable DDL only: the two spots where SQLite and
 * PostgreSQL differ (identity columns, a byte-order collation for sort keys) are chosen by
 * the dialect below.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  const identity = (column: ColumnDefinitionBuilder) =>
    isPostgres
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
  // Keys compared and sorted by code point on both databases, whatever the server's locale.
  const keyText = isPostgres ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', identity)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', keyText, (c) => c.notNull().unique())
    .addColumn('email', keyText, (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', keyText, (c) => c.notNull())
    .addColumn('updated_at', keyText, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('todos')
    .addColumn('id', 'integer', identity)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', keyText, (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', keyText, (c) => c.notNull())
    .addColumn('updated_at', keyText, (c) => c.notNull())
    .execute();

  // Every list is one owner's: each sort order gets an index that starts with the owner, so a
  // page is read in order without touching other users' rows.
  const todoIndexes: Record<string, string[]> = {
    todos_owner_created: ['owner_id', 'created_at', 'id'],
    todos_owner_updated: ['owner_id', 'updated_at', 'id'],
    todos_owner_title: ['owner_id', 'title_key', 'id'],
    todos_owner_completed: ['owner_id', 'completed', 'created_at', 'id'],
  };
  for (const [name, columns] of Object.entries(todoIndexes)) {
    await db.schema.createIndex(name).on('todos').columns(columns).execute();
  }

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', keyText, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', keyText, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expiry')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.dropTable('todos').execute();
  await db.schema.dropTable('users').execute();
}
