/**
 * populate of a page's relations to other todos: each todo's `parent` ({ data: { id, attributes } } or
 * { data: null }) and its `subtasks` ({ data: [...] }, its live children in the owner's order: by position, then id), each nested
 * again when asked (todo-populate.ts). One query per relation and level, whatever the page's size.
 */
import type { Kysely } from 'kysely';
import type { TodoEntity } from '../../shared/api-types';
import type { Populate } from '../../shared/populate-query';
import type { TodoRelationPopulate } from '../../shared/todo-populate';
import type { Database } from '../db/types';
import { LISTED_COLUMNS, type ListedTodo } from './list';
import { toTodoEntity } from './present';
import { inChunks } from './subtasks';

type Db = Kysely<Database>;

interface Related {
  id: number;
  attributes: Record<string, unknown>;
}

const liveTodos = (db: Db, ownerId: number) =>
  db
    .selectFrom('todos')
    .select(LISTED_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null);

/** A related todo with the attributes asked for (all when no fields are named). */
function relatedOf(row: ListedTodo, spec: TodoRelationPopulate): Related {
  const { attributes } = toTodoEntity(row);
  const picked: Record<string, unknown> = spec.fields
    ? Object.fromEntries(spec.fields.map((field) => [field, attributes[field]]))
    : { ...attributes };
  return { id: row.id, attributes: picked };
}

/** Each row's parent as a relation, by the row's id. */
async function parentsOf(
  db: Db,
  ownerId: number,
  rows: ListedTodo[],
  spec: TodoRelationPopulate,
): Promise<Map<number, { data: Related | null }>> {
  const wanted = [
    ...new Set(rows.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id]))),
  ];
  const parents = new Map<number, ListedTodo>();
  if (wanted.length > 0)
    for (const row of await liveTodos(db, ownerId).where('id', 'in', wanted).execute())
      parents.set(row.id, row);
  const above = spec.nested
    ? await parentsOf(db, ownerId, [...parents.values()], spec.nested)
    : undefined;
  const relation = (id: number | null) => {
    const parent = id === null ? undefined : parents.get(id);
    if (!parent) return { data: null };
    const { id: parentId, attributes } = relatedOf(parent, spec);
    if (above) attributes.parent = above.get(parentId);
    return { data: { id: parentId, attributes } };
  };
  return new Map(rows.map((row) => [row.id, relation(row.parent_id)]));
}

/** Each row's live children as a relation, in the owner's order (position, then id), by the row's id. */
async function subtasksOf(
  db: Db,
  ownerId: number,
  rows: ListedTodo[],
  spec: TodoRelationPopulate,
): Promise<Map<number, { data: Related[] }>> {
  const children: ListedTodo[] = [];
  await inChunks(
    rows.map((row) => row.id),
    async (chunk) => {
      children.push(...(await liveTodos(db, ownerId).where('parent_id', 'in', chunk).execute()));
    },
  );
  // Sorted here: asked to sort, SQLite would walk all the owner's todos in the default order's
  // index rather than look up the few children by parent.
  children.sort((a, b) => a.position - b.position || a.id - b.id);
  const below = spec.nested ? await subtasksOf(db, ownerId, children, spec.nested) : undefined;
  const byParent = new Map<number, Related[]>(rows.map((row) => [row.id, []]));
  for (const child of children) {
    const { id, attributes } = relatedOf(child, spec);
    if (below) attributes.subtasks = below.get(id);
    byParent.get(child.parent_id!)?.push({ id, attributes });
  }
  return new Map([...byParent].map(([id, data]) => [id, { data }]));
}

/** The page's entities with `parent` and `subtasks` added as `populate` asks. */
export async function withTodoRelations(
  db: Db,
  ownerId: number,
  rows: ListedTodo[],
  entities: TodoEntity[],
  populate: Populate,
): Promise<TodoEntity[]> {
  const [parents, subtasks] = await Promise.all([
    populate.parent && parentsOf(db, ownerId, rows, populate.parent),
    populate.subtasks && subtasksOf(db, ownerId, rows, populate.subtasks),
  ]);
  return entities.map((entity) => ({
    ...entity,
    attributes: {
      ...entity.attributes,
      ...(parents && { parent: parents.get(entity.id) }),
      ...(subtasks && { subtasks: subtasks.get(entity.id) }),
    },
  }));
}
