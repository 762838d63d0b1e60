/**
 * Indexes for the two sort orders the first migration did not serve from an index: by id, and by
 * completion (ties broken by id). Without them the database sorts all of an owner's rows in a
 * temporary B-tree for every page in those orders.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('todos_owner_id').on('todos').columns(['owner_id', 'id']).execute();
  await db.schema
    .createIndex('todos_owner_completed_id')
    .on('todos')
    .columns(['owner_id', 'completed', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('todos_owner_completed_id').execute();
  await db.schema.dropIndex('todos_owner_id').execute();
}
