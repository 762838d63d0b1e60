/**
 * The response schemas of a todo's relations to other todos (populate of `parent` and `subtasks`,
 * nested up to the depth limit), and of the notes a write about subtasks adds to `meta`. They feed
 * the OpenAPI document and Fastify's serialiser, which sends nothing outside them.
 */
import { MAX_DEPTH } from '../../shared/parent-relation';
import { labelsRelationSchema } from './label-schemas';

type Relation = 'parent' | 'subtasks';

/**
 * `{ data: { id, attributes } | null }` (parent) or `{ data: [...] }` (subtasks), whose todos carry
 * `base` attributes (those asked for with fields) and the same relation again `levels - 1` times;
 * subtasks may carry their labels too.
 */
function relationSchema(relation: Relation, base: object, levels: number): object {
  const entity = {
    type: relation === 'parent' ? ['object', 'null'] : 'object',
    required: ['id', 'attributes'],
    properties: {
      id: { type: 'integer' },
      attributes: {
        type: 'object',
        properties: {
          ...base,
          ...(relation === 'subtasks' && { labels: labelsRelationSchema }),
          ...(levels > 1 && { [relation]: relationSchema(relation, base, levels - 1) }),
        },
      },
    },
  };
  return {
    type: 'object',
    required: ['data'],
    description:
      relation === 'parent'
        ? 'present when asked for with populate (populate=*, populate[0]=parent): the parent todo, null for a root'
        : 'present when asked for with populate (populate=*, populate[subtasks][fields][0]=completed, populate[subtasks][populate][subtasks]=*): the direct subtasks, oldest first, with their labels when asked (populate[subtasks][populate][labels]=true)',
    properties: { data: relation === 'parent' ? entity : { type: 'array', items: entity } },
  };
}

/** A todo's `parent` and `subtasks` attributes, for todos whose own attributes are `base`. */
export const todoRelationSchemas = (base: object) => ({
  parent: relationSchema('parent', base, MAX_DEPTH - 1),
  subtasks: relationSchema('subtasks', base, MAX_DEPTH - 1),
});

/** meta of a write about a todo: the parent it named was gone, or the subtasks it carried. */
export const subtaskMetaSchemas = {
  parent: {
    type: 'object',
    description:
      'present when the parent named no longer exists and the todo became a root (onMissingParent=root)',
    properties: { missing: { type: 'boolean' }, message: { type: 'string' } },
  },
  subtasks: {
    type: 'object',
    description:
      'present when the write carried subtasks: completed with the todo (?subtasks=complete), or trashed or restored with it',
    properties: {
      completed: { type: 'integer' },
      trashed: { type: 'integer' },
      restored: { type: 'integer' },
    },
  },
} as const;
