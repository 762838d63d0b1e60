/**
 * Todos as the API answers them, with their project, labels, parent and subtasks when `populate`
 * asks: one query per relation (and level, for nested subtasks) for the whole page, whatever its size.
 */
import type { Kysely } from 'kysely';
import type { TodoEntity } from '../../shared/api-types';
import type { Populate } from '../../shared/populate-query';
import type { Database } from '../db/types';
import { labelsOfTodos, toLabelsRelation } from '../labels';
import { projectsByIds, toProjectRelation } from '../projects';
import type { ListedTodo } from './list';
import { toTodoEntity } from './present';
import { withTodoRelations } from './subtasks-populate';

/** The page's entities with their project and labels added as `populate` asks. */
async function withProjectAndLabels(
  db: Kysely<Database>,
  ownerId: number,
  rows: ListedTodo[],
  populate: Populate,
): Promise<TodoEntity[]> {
  if (!populate.project && !populate.labels) return rows.map(toTodoEntity);
  const [projects, labels] = await Promise.all([
    populate.project &&
      projectsByIds(
        db,
        ownerId,
        rows.map((row) => row.project_id),
      ),
    populate.labels &&
      labelsOfTodos(
        db,
        ownerId,
        rows.map((row) => row.id),
      ),
  ]);
  return rows.map((row) => {
    const entity = toTodoEntity(row);
    const attributes = { ...entity.attributes };
    if (projects) {
      const project = row.project_id === null ? undefined : projects.get(row.project_id);
      attributes.project = toProjectRelation(project, populate.project?.fields);
    }
    if (labels)
      attributes.labels = toLabelsRelation(labels.get(row.id) ?? [], populate.labels?.fields);
    return { ...entity, attributes };
  });
}

export async function toPopulatedEntities(
  db: Kysely<Database>,
  ownerId: number,
  rows: ListedTodo[],
  populate: Populate,
): Promise<TodoEntity[]> {
  const entities = await withProjectAndLabels(db, ownerId, rows, populate);
  if (!populate.parent && !populate.subtasks) return entities;
  return withTodoRelations(db, ownerId, rows, entities, populate);
}
