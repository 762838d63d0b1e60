/** Response schemas of projects, for the serialiser and the OpenAPI document; see schemas.ts. */
import { listOf, timestamp } from './schema-parts';

export const projectAttributes = {
  name: { type: 'string' },
  color: { type: 'string', pattern: '^#[0-9a-f]{6}$', example: '#1e90ff' },
  position: { type: 'integer' },
  archived: { type: 'boolean' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;
const projectAttributeNames = Object.keys(projectAttributes);

export const projectEntitySchema = {
  type: 'object',
  required: ['id', 'attributes'],
  properties: {
    id: { type: 'integer' },
    attributes: { type: 'object', required: projectAttributeNames, properties: projectAttributes },
  },
} as const;

/** A todo's project as populate gives it: Strapi's `{ data: { id, attributes } }`, or `{ data: null }` in the Inbox. */
export const projectRelationSchema = {
  type: 'object',
  required: ['data'],
  description:
    'present when asked for with populate (populate=*, populate[0]=project, populate[project][fields][0]=name)',
  properties: {
    data: {
      type: ['object', 'null'],
      required: ['id', 'attributes'],
      properties: {
        id: { type: 'integer' },
        // populate[project][fields] may ask for some attributes only.
        attributes: { type: 'object', properties: projectAttributes },
      },
    },
  },
} as const;

export const singleProjectSchema = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: projectEntitySchema,
    meta: {
      type: 'object',
      properties: {
        todos: {
          type: 'integer',
          description: 'delete and restore: how many todos went to the trash or came back with it',
        },
      },
    },
  },
} as const;

export const projectListSchema = listOf(projectEntitySchema);

/** A trashed project also says when it was trashed. */
export const trashedProjectListSchema = listOf({
  ...projectEntitySchema,
  properties: {
    ...projectEntitySchema.properties,
    attributes: {
      type: 'object',
      required: [...projectAttributeNames, 'deletedAt'],
      properties: { ...projectAttributes, deletedAt: timestamp },
    },
  },
});

/** GET /api/todos/counts: the open todos of the Inbox, of each live project and of each label, for the sidebar. */
export const todoCountsSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['all', 'inbox', 'projects', 'labels'],
      properties: {
        all: { type: 'integer', description: 'open todos in all' },
        inbox: { type: 'integer', description: 'open todos without a project' },
        projects: {
          type: 'array',
          description: 'every live project (archived ones too), in the owner’s order',
          items: {
            type: 'object',
            required: ['id', 'open'],
            properties: { id: { type: 'integer' }, open: { type: 'integer' } },
          },
        },
        labels: {
          type: 'array',
          description: 'every label, in name order, with its open todos',
          items: {
            type: 'object',
            required: ['id', 'open'],
            properties: { id: { type: 'integer' }, open: { type: 'integer' } },
          },
        },
      },
    },
  },
} as const;
