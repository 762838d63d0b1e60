/**
 * Web Push: push_subscriptions holds each device a user turned notifications on for (its push
 * service endpoint, unique, and the keys its payloads are encrypted to); reminder_actions holds the
 * single-use tokens a reminder's notification and mail carry (Complete, Snooze), by their SHA-256
 * only, each tied to the reminder instant it was made for so it expires with that reminder.
 * users.reminder_delivery is the owner's choice of where reminders go: both, mail, push or none.
 */
import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const identity = (column: ColumnDefinitionBuilder) =>
    onPostgres(db)
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', identity)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('expiration_time', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_owner')
    .on('push_subscriptions')
    .columns(['owner_id', 'id'])
    .execute();
  await db.schema
    .createTable('reminder_actions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('remind_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('reminder_actions_expiry')
    .on('reminder_actions')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('reminder_actions_todo')
    .on('reminder_actions')
    .column('todo_id')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('reminder_delivery', 'text', (c) => c.notNull().defaultTo('both'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('reminder_delivery').execute();
  await db.schema.dropTable('reminder_actions').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
