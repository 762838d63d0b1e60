/**
 * Projects: a user's named lists of todos, with a colour, an order of their own and an
 * archived flag; todos.project_id names one, null being the Inbox. A deleted project goes to the
 * trash (projects.deleted_at) with its todos, which take the same deleted_at: restoring the project
 * brings back exactly the todos trashed with it. import_rows.project_ref stages an import's todo
 * with the index of its project in the file, as the projects are made when the import is written.
 *
 * Indexes: names unique per owner among live projects, case-insensitively (name_key is the
 * Unicode lower case computed in the app, as title_key is); the owner's live projects in their
 * order; a project's todos (the foreign key's checks, a delete and a restore); a project's page of
 * live todos in the default order and the project filters with their totals; the open todos per
 * project (open: live and not completed), which the sidebar's counts read in one pass, grouped in
 * index order.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { onPostgres } from '../dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = onPostgres(db);
  const identity = (column: ColumnDefinitionBuilder) =>
    isPostgres
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
  const keyText = isPostgres ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', identity)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', keyText, (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', keyText, (c) => c.notNull())
    .addColumn('updated_at', keyText, (c) => c.notNull())
    .addColumn('deleted_at', keyText)
    .execute();
  const live = sql.ref('deleted_at');
  await db.schema
    .createIndex('projects_owner_name')
    .on('projects')
    .columns(['owner_id', 'name_key'])
    .unique()
    .where(live, 'is', null)
    .execute();
  await db.schema
    .createIndex('projects_owner_position')
    .on('projects')
    .columns(['owner_id', 'position', 'id', 'deleted_at'])
    .where(live, 'is', null)
    .execute();
  await db.schema
    .createIndex('projects_trash_expiry')
    .on('projects')
    .columns(['deleted_at', 'owner_id'])
    .where(live, 'is not', null)
    .execute();

  // A purged project leaves its todos (if any were restored on their own) in the Inbox.
  await db.schema
    .alterTable('todos')
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('import_rows').addColumn('project_ref', 'integer').execute();
  await db.schema
    .createIndex('todos_project')
    .on('todos')
    .columns(['project_id', 'deleted_at'])
    .where(sql.ref('project_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('todos_owner_project')
    .on('todos')
    .columns(['owner_id', 'project_id', 'created_at', 'id', 'deleted_at'])
    .where(live, 'is', null)
    .execute();
  await db.schema
    .createIndex('todos_owner_open_project')
    .on('todos')
    .columns(['owner_id', 'project_id', 'completed', 'deleted_at'])
    .where((eb) => eb.and([eb(live, 'is', null), eb(sql.ref('completed'), '=', sql.lit(0))]))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['todos_owner_open_project', 'todos_owner_project', 'todos_project'])
    await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('import_rows').dropColumn('project_ref').execute();
  // The todos stay, in what was the Inbox; trashed projects' todos stay in the trash.
  await db.schema.alterTable('todos').dropColumn('project_id').execute();
  await db.schema.dropTable('projects').execute();
}
