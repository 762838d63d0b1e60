/**
 * The OpenAPI document's schemas. Request schemas are the routes' own valibot schemas, converted
 * here; the JSON schemas below describe responses and feed Fastify's serialiser, which also
 * guarantees that no field outside them (a password hash) is sent.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchema } from 'fastify';
import type * as v from 'valibot';
import { labelsRelationSchema } from './label-schemas';
import { projectRelationSchema } from './project-schemas';
import { listOf, timestamp } from './schema-parts';
import { subtaskMetaSchemas, todoRelationSchemas } from './subtask-schemas';
import { isValibotSchema } from './valibot-compiler';

type JsonObject = Record<string, unknown>;

/** The schema a strapiData() envelope wraps (see src/shared/strapi-data.ts). */
const envelopedBy = (schema: v.GenericSchema): v.GenericSchema | undefined => {
  const pipe = (schema as { pipe?: { type: string; metadata?: { strapiData?: unknown } }[] }).pipe;
  const inner = pipe?.find((item) => item.type === 'metadata')?.metadata?.strapiData;
  return isValibotSchema(inner) ? inner : undefined;
};

/** A valibot schema as JSON schema, describing the input it accepts. */
export const jsonSchemaOf = (schema: v.GenericSchema): JsonObject => {
  const inner = envelopedBy(schema);
  if (inner)
    return { type: 'object', required: ['data'], properties: { data: jsonSchemaOf(inner) } };
  const { $schema: _ignored, ...json } = toJsonSchema(schema, {
    errorMode: 'ignore',
    typeMode: 'input',
  }) as JsonObject;
  return json;
};

/** A query's nested objects as Strapi's bracket parameters: pagination.page → pagination[page]. */
function bracketProperties(properties: JsonObject, prefix = ''): JsonObject {
  return Object.fromEntries(
    Object.entries(properties).flatMap(([key, property]) => {
      const name = prefix ? `${prefix}[${key}]` : key;
      const nested = (property as { properties?: JsonObject }).properties;
      return nested ? Object.entries(bracketProperties(nested, name)) : [[name, property]];
    }),
  );
}

/** swagger's transform: a route's valibot request schemas → JSON schema, queries in bracket form. */
export function documentRoute({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const documented: JsonObject = { ...schema };
  const content = (schema.body as { content?: Record<string, { schema: unknown }> } | undefined)
    ?.content;
  if (content)
    documented.body = {
      content: Object.fromEntries(
        Object.entries(content).map(([type, { schema: typed }]) => [
          type,
          { schema: isValibotSchema(typed) ? jsonSchemaOf(typed) : typed },
        ]),
      ),
    };
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
    const partSchema = schema[part];
    if (!isValibotSchema(partSchema)) continue;
    const json = jsonSchemaOf(partSchema);
    documented[part] =
      part === 'querystring' && json.properties
        ? { type: 'object', properties: bracketProperties(json.properties as JsonObject) }
        : json;
  }
  return { schema: documented as FastifySchema, url };
}

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

const ownAttributes = {
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
  priority: {
    type: 'integer',
    enum: [0, 1, 2, 3],
    description: '0 none, 1 low, 2 medium, 3 high',
  },
  position: {
    type: 'integer',
    description:
      'the todo’s place among its siblings in the owner’s order (ascending, sort=position:asc); a new todo’s id unless given',
  },
} as const;
const todoAttributes = {
  ...ownAttributes,
  project: projectRelationSchema,
  ...todoRelationSchemas(ownAttributes),
  labels: labelsRelationSchema,
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
  'priority',
  'position',
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
        project: {
          type: 'object',
          description:
            'present when the project named no longer exists and the todo went to the Inbox (onMissingProject=inbox)',
          properties: { missing: { type: 'boolean' }, message: { type: 'string' } },
        },
        ...subtaskMetaSchemas,
        labels: {
          type: 'object',
          description:
            'present when labels named no longer exist and the todo was saved without them (onMissingLabel=drop)',
          properties: {
            missing: { type: 'array', items: { type: 'integer' } },
            message: { type: 'string' },
          },
        },
      },
    },
  },
} as const;

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
