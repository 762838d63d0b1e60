/** Response schemas of labels, for the serialiser and the OpenAPI document; see schemas.ts. */
import { listOf, timestamp } from './schema-parts';

export const labelAttributes = {
  name: { type: 'string' },
  color: { type: 'string', pattern: '^#[0-9a-f]{6}$', example: '#1e90ff' },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const labelEntitySchema = {
  type: 'object',
  required: ['id', 'attributes'],
  properties: {
    id: { type: 'integer' },
    attributes: {
      type: 'object',
      required: Object.keys(labelAttributes),
      properties: labelAttributes,
    },
  },
} as const;

/** A todo's labels as populate gives them: Strapi's `{ data: [{ id, attributes }] }`, in name order. */
export const labelsRelationSchema = {
  type: 'object',
  required: ['data'],
  description:
    'present when asked for with populate (populate=*, populate[0]=labels, populate[labels][fields][0]=name)',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'attributes'],
        properties: {
          id: { type: 'integer' },
          // populate[labels][fields] may ask for some attributes only.
          attributes: { type: 'object', properties: labelAttributes },
        },
      },
    },
  },
} as const;

export const singleLabelSchema = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: labelEntitySchema,
    meta: {
      type: 'object',
      properties: {
        todos: {
          type: 'integer',
          description: 'delete: how many todos the label was taken off (the todos stay)',
        },
      },
    },
  },
} as const;

export const labelListSchema = listOf(labelEntitySchema);
