/**
 * Todos as the API answers them, with their projects, parents and subtasks when `populate` asks
 * (one query per relation and level, whatever the page's size).
 */
import type { Kysely } from 'kysely';
import type { TodoEntity } from '../../shared/api-types';
import type { Populate } from '../../shared/project-relation';
import type { Database } from '../db/types';
import { projectsByIds, toProjectRelation } from '../projects';
import type { ListedTodo } from './list';
import { toTodoEntity } from './present';
import { withTodoRelations } from './subtasks-populate';

async function withProjects(
  db: Kysely<Database>,
  ownerId: number,
  rows: ListedTodo[],
  populate: Populate,
): Promise<TodoEntity[]> {
  if (!populate.project) return rows.map(toTodoEntity);
  const { fields } = populate.project;
  const projects = await projectsByIds(
    db,
    ownerId,
    rows.map((row) => row.project_id),
  );
  return rows.map((row) => {
    const entity = toTodoEntity(row);
    const project = row.project_id === null ? undefined : projects.get(row.project_id);
    return {
      ...entity,
      attributes: { ...entity.attributes, project: toProjectRelation(project, fields) },
    };
  });
}

export async function toPopulatedEntities(
  db: Kysely<Database>,
  ownerId: number,
  rows: ListedTodo[],
  populate: Populate,
): Promise<TodoEntity[]> {
  const entities = await withProjects(db, ownerId, rows, populate);
  if (!populate.parent && !populate.subtasks) return entities;
  return withTodoRelations(db, ownerId, rows, entities, populate);
}
