/** Health and the API's own description (OpenAPI 3.1 and a docs page). */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { serviceUnavailable } from './errors';
import { documentRoute, errorSchema } from './schemas';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    transform: documentRoute,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ticklist API',
        version: '1.0.0',
        description:
          'The Strapi v4 dialect of a todo collection and the users-permissions plugin, with owner scoping and the hardening of the Ticklist contract.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}

export function systemRoutes(api: FastifyInstance, { db }: AppContext): void {
  api.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: {
          200: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } },
          503: errorSchema,
        },
      },
    },
    async () => {
      try {
        await sql`select 1`.execute(db);
      } catch {
        throw serviceUnavailable();
      }
      return { status: 'ok' };
    },
  );

  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
}
