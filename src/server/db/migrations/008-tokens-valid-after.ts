/**
 * users.tokens_valid_after: tokens issued before this instant are refused for good. Set when a user
 * is blocked, changes or resets the password, or logs out of all devices, so unblocking an account
 * does not bring its old tokens back.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('tokens_valid_after', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('tokens_valid_after').execute();
}
