/**
 * JSON schemas for the OpenAPI document and Fastify's serialiser, which also guarantees that no field
 * outside them (a password hash) is sent. Bodies come from the shared valibot schemas.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export const fromValibot = (schema: v.GenericSchema): Record<string, unknown> => {
  const { $schema: _ignored, ...json } = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<
    string,
    unknown
  >;
  return json;
};

const timestamp = { type: 'string', format: 'date-time' } as const;

export const userSchema = {
  type: 'object',
  required: [
    'id',
    'username',
    'email',
    'provider',
    'confirmed',
    'blocked',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    email: { type: 'string' },
    provider: { type: 'string', enum: ['local'] },
    confirmed: { type: 'boolean' },
    blocked: { type: 'boolean' },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
} as const;

const todoAttributes = {
  title: { type: 'string' },
  description: { type: ['string', 'null'] },
  completed: { type: 'boolean' },
  createdAt: timestamp,
  updatedAt: timestamp,
  dueDate: { type: ['string', 'null'], format: 'date' },
  remindAt: { type: ['string', 'null'], format: 'date-time' },
  recurrence: { type: ['string', 'null'], example: 'FREQ=WEEKLY;BYDAY=MO,WE' },
  seriesId: {
    type: ['string', 'null'],
    description: 'shared by the occurrences of a recurring series; read-only',
  },
} as const;
const todoAttributeNames = [
  'title',
  'description',
  'completed',
  'createdAt',
  'updatedAt',
  'dueDate',
  'remindAt',
  'recurrence',
  'seriesId',
];

export const todoEntitySchema = {
  type: 'object',
  required: ['id', 'attributes'],
  properties: {
    id: { type: 'integer' },
    attributes: { type: 'object', required: todoAttributeNames, properties: todoAttributes },
  },
} as const;

export const flatTodoSchema = {
  type: 'object',
  required: ['id', ...todoAttributeNames],
  properties: { id: { type: 'integer' }, ...todoAttributes },
} as const;

export const userWithTodosSchema = {
  ...userSchema,
  properties: { ...userSchema.properties, todos: { type: 'array', items: flatTodoSchema } },
} as const;

export const sessionSchema = {
  type: 'object',
  required: ['jwt', 'user'],
  properties: { jwt: { type: 'string' }, user: userSchema },
} as const;

export const singleTodoSchema = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: todoEntitySchema,
    meta: {
      type: 'object',
      properties: {
        series: {
          type: 'object',
          description:
            'present when this completion or delete ended the todo’s series: no date is left up to the last due date',
          properties: { ended: { type: 'boolean' }, message: { type: 'string' } },
        },
      },
    },
  },
} as const;

const integers = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'integer' }]));

const listOf = (entity: Record<string, unknown>) => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: { type: 'array', items: entity },
    meta: {
      type: 'object',
      properties: {
        pagination: {
          type: 'object',
          properties: integers('page', 'pageSize', 'pageCount', 'start', 'limit', 'total'),
        },
      },
    },
  },
});

export const todoListSchema = listOf(todoEntitySchema);

/** The trash's todos also say when they were trashed. */
export const trashListSchema = listOf({
  ...todoEntitySchema,
  properties: {
    ...todoEntitySchema.properties,
    attributes: {
      type: 'object',
      required: [...todoAttributeNames, 'deletedAt'],
      properties: { ...todoAttributes, deletedAt: timestamp },
    },
  },
});

export const countSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
  },
} as const;

export const errorSchema = {
  type: 'object',
  required: ['data', 'error'],
  properties: {
    data: { type: 'null' },
    error: {
      type: 'object',
      required: ['status', 'name', 'message', 'details'],
      properties: {
        status: { type: 'integer' },
        name: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'object', additionalProperties: true },
      },
    },
  },
} as const;

/** Error answers every route may give, documented once. */
export const errorResponses = { '4xx': errorSchema, '5xx': errorSchema } as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/** A list's page in Strapi's bracket syntax (the list and the trash). */
export const pageQueryProperties = {
  'pagination[page]': { type: 'integer', minimum: 1, default: 1 },
  'pagination[pageSize]': {
    type: 'integer',
    minimum: 1,
    default: 25,
    description: 'above 100 counts as 100',
  },
} as const;

/** Wraps a body schema the way Strapi's content API expects it: { data: … }. */
export const dataEnvelope = (schema: Record<string, unknown>) => ({
  type: 'object',
  required: ['data'],
  properties: { data: schema },
});
