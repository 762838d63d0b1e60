/**
 * Todos in an order of their own: todos.position, an integer the owner sets (ascending). Every
 * existing todo takes its id, so the order starts as the order of creation and positions are unique
 * per owner; the app gives a new todo its id too unless the request names a position (the column's
 * default 0 is only the moment between the insert and that update). import_rows.todo_position
 * stages an imported todo's position from the file (null: the todo's new id).
 *
 * Indexes: an owner's live todos by project in their order, which serves a project's page sorted by
 * position with its total; parent_id rides along, so the page of a project's roots
 * (filters[parent][id][$null]) is filtered inside the index. SQLite serves the Inbox (project_id is
 * null) from it too, but PostgreSQL takes an order from an index only after equalities, which
 * `is null` is not to it: the Inbox's live todos in their order get a partial index of their own.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('todos')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('todos')
    .set({ position: sql.ref('id') })
    .execute();
  await db.schema.alterTable('import_rows').addColumn('todo_position', 'integer').execute();
  await db.schema
    .createIndex('todos_owner_project_position')
    .on('todos')
    .columns(['owner_id', 'project_id', 'position', 'id', 'parent_id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('todos_owner_inbox_position')
    .on('todos')
    .columns(['owner_id', 'position', 'id', 'parent_id', 'deleted_at', 'project_id'])
    .where((eb) =>
      eb.and([eb(sql.ref('deleted_at'), 'is', null), eb(sql.ref('project_id'), 'is', null)]),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['todos_owner_inbox_position', 'todos_owner_project_position'])
    await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('import_rows').dropColumn('todo_position').execute();
  await db.schema.alterTable('todos').dropColumn('position').execute();
}
