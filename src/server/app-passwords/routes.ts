/**
 * /api/app-passwords: a signed-in user's passwords for CalDAV clients, one per device. POST shows
 * the new password once; GET lists them without secrets; DELETE revokes one at once (another
 * user's is a 404, as a missing one).
 */
import type { FastifyInstance } from 'fastify';
import { appPasswordCreateDataSchema } from '../../shared/app-password-schemas';
import { todoIdParamsSchema } from '../../shared/schemas';
import { strapiData } from '../../shared/strapi-data';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { createAppPassword, deleteAppPassword, listAppPasswords } from './repository';

const timestamp = { type: 'string', format: 'date-time' } as const;
const appPasswordProperties = {
  id: { type: 'integer' },
  name: { type: 'string', example: 'iPhone' },
  createdAt: timestamp,
  lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
} as const;
const appPasswordSchema = {
  type: 'object',
  required: Object.keys(appPasswordProperties),
  properties: appPasswordProperties,
} as const;

export function appPasswordRoutes(app: FastifyInstance, { db, authenticate }: AppContext): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const common = { tags: ['app-passwords'], security: bearerSecurity };

  api.post(
    '/app-passwords',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'A new app password for a CalDAV client (HTTP Basic at /dav/); the password is shown in this answer only',
        body: strapiData(appPasswordCreateDataSchema),
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: {
              data: {
                type: 'object',
                required: [...appPasswordSchema.required, 'password'],
                properties: {
                  ...appPasswordProperties,
                  password: { type: 'string', example: 'abcd-efgh-ijkl-mnop-qrst-uvwx-yz23-4567' },
                },
              },
              meta: { type: 'object' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await createAppPassword(db, sessionOf(request).user.id, request.body.name),
      meta: {},
    }),
  );

  api.get(
    '/app-passwords',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'The caller’s app passwords (no secrets), oldest first, with when each was last used',
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: {
              data: { type: 'array', items: appPasswordSchema },
              meta: { type: 'object' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: await listAppPasswords(db, sessionOf(request).user.id), meta: {} }),
  );

  api.delete(
    '/app-passwords/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Revoke an app password: its client is refused from the next request on',
        params: todoIdParamsSchema,
        response: { 204: { type: 'null', description: 'Revoked' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await deleteAppPassword(db, sessionOf(request).user.id, request.params.id)))
        throw notFound();
      return reply.code(204).send();
    },
  );
}
