/** Pieces of the response schemas that schemas.ts and project-schemas.ts share. */

export const timestamp = { type: 'string', format: 'date-time' } as const;

const integers = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'integer' }]));

export const listOf = (entity: Record<string, unknown>) => ({
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
