/**
 * A todo's priority: todos.priority, an integer 0 (none, what every existing todo gets)
 * to 3 (high), and the same column in import_rows, which stages an import's todos. One partial
 * index per owner, (owner_id, priority, id, deleted_at) like the other sort indexes (009), serves
 * the priority sort in both directions (its tie break by id follows the first key's direction, so
 * a descending sort is the index read backwards) and the priority filters with their counts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['todos', 'import_rows'])
    await db.schema
      .alterTable(table)
      .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema
    .createIndex('todos_owner_priority')
    .on('todos')
    .columns(['owner_id', 'priority', 'id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('todos_owner_priority').execute();
  for (const table of ['import_rows', 'todos'])
    await db.schema.alterTable(table).dropColumn('priority').execute();
}
