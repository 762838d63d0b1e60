/**
 * populate of a page's relations to other todos: each todo's `parent` ({ data: { id, attributes } } or
 * { data: null }) and its `subtasks` ({ data: [...] }, its live children in the owner's order: by position, then id), each nested
 * again when asked (todo-populate.ts). One query per relation and level, whatever the page's size.
 */
import type { Kysely } from 'kysely';
import type { TodoEntity } from '../../shared/api-types';
import type { Populate } from '../../shared/populate-query';
import type { TodoRelationPopulate } from '../../shared/todo-populate';
import type { Database, LabelRow } from '../db/types';
import { labelsOfTodos, toLabelsRelation } from '../labels';
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

/** One level of a subtree: the live children of the level above, in the owner's order (position, then id), and what is asked of them. */
interface Level {
  parents: ListedTodo[];
  children: ListedTodo[];
  spec: TodoRelationPopulate;
}

/** The levels of subtasks below `rows` that `spec` asks for: one query a level. */
async function levelsBelow(
  db: Db,
  ownerId: number,
  rows: ListedTodo[],
  spec: TodoRelationPopulate,
): Promise<Level[]> {
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
  const level = { parents: rows, children, spec };
  if (!spec.nested || children.length === 0) return [level];
  return [level, ...(await levelsBelow(db, ownerId, children, spec.nested))];
}

/** The labels of the subtasks at every level that asks for them, by todo id: one query for them all. */
async function labelsOfLevels(db: Db, ownerId: number, levels: Level[]) {
  const ids = levels.flatMap(({ children, spec }) =>
    spec.labels ? children.map((child) => child.id) : [],
  );
  const labels = new Map<number, LabelRow[]>();
  await inChunks(ids, async (chunk) => {
    for (const [id, rows] of await labelsOfTodos(db, ownerId, chunk)) labels.set(id, rows);
  });
  return labels;
}

/** Each row's live children as a relation, in the owner's order (position, then id), by the row's id. */
async function subtasksOf(
  db: Db,
  ownerId: number,
  rows: ListedTodo[],
  spec: TodoRelationPopulate,
): Promise<Map<number, { data: Related[] }>> {
  const levels = await levelsBelow(db, ownerId, rows, spec);
  const labels = await labelsOfLevels(db, ownerId, levels);
  // Built from the deepest level up, so that each child carries its own subtasks.
  let below: Map<number, { data: Related[] }> | undefined;
  for (const { parents, children, spec: asked } of levels.reverse()) {
    const byParent = new Map<number, Related[]>(parents.map((row) => [row.id, []]));
    for (const child of children) {
      const { id, attributes } = relatedOf(child, asked);
      if (asked.labels)
        attributes.labels = toLabelsRelation(labels.get(id) ?? [], asked.labels.fields);
      if (asked.nested) attributes.subtasks = below?.get(id) ?? { data: [] };
      byParent.get(child.parent_id!)?.push({ id, attributes });
    }
    below = new Map([...byParent].map(([id, data]) => [id, { data }]));
  }
  return below!;
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
