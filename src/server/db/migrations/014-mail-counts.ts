/**
 * mail_counts: how many notification mails were asked for each user on each UTC day, so the daily cap
 * holds across server processes. One row per (user, day), raised atomically by an upsert.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('mails', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_counts_pk', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('mail_counts_day').on('mail_counts').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_counts').execute();
}
