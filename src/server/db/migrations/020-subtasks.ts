/**
 * Subtasks: todos.parent_id names the todo's parent (null: a root), at most three levels deep (a
 * root, its subtasks and theirs), always in the parent's project; the app keeps those rules. A purged
 * parent leaves its remaining children as roots (ON DELETE SET NULL): no pointer outlives its todo.
 * import_rows.parent_ref stages an import's todo with the position of its parent in the file.
 *
 * Indexes: a todo's children, trashed ones included (the foreign key's ON DELETE SET NULL, a
 * subtree's delete and restore); an owner's live todos by parent in the default order, which serves a
 * page of roots (parent_id is null) with its total, a parent's page of subtasks, and populate's
 * children of a page of todos, one query per level.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('todos')
    .addColumn('parent_id', 'integer', (c) => c.references('todos.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('import_rows').addColumn('parent_ref', 'integer').execute();
  await db.schema
    .createIndex('todos_parent')
    .on('todos')
    .columns(['parent_id', 'deleted_at'])
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('todos_owner_parent')
    .on('todos')
    .columns(['owner_id', 'parent_id', 'created_at', 'id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['todos_owner_parent', 'todos_parent'])
    await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('import_rows').dropColumn('parent_ref').execute();
  // Every todo becomes a root where it is: its project and the trash keep it.
  await db.schema.alterTable('todos').dropColumn('parent_id').execute();
}
