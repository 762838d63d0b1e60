/**
 * An account's todos out and in: GET /users/me/export streams them as JSON or CSV; POST /todos/import
 * takes our JSON or CSV or Todoist's CSV, up to 5 MB, all or nothing.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { ApiError, fieldError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/schemas';
import { csvExport, jsonExport } from './export';
import { readImport } from './import';
import { importTodos } from './import-batches';
import { refuseOverLimit } from './todo-requests';

const IMPORT_LIMIT = 5 * 1024 * 1024;

const file = (json: Record<string, unknown>) => ({
  'application/json': { schema: json },
  'text/csv': { schema: { type: 'string' } },
});
const importedSchema = {
  type: 'object',
  properties: { data: { type: 'object', properties: { imported: { type: 'integer' } } } },
};

export function portabilityRoutes(
  api: FastifyInstance,
  { config, db, authenticate }: AppContext,
): void {
  api.get(
    '/users/me/export',
    {
      preHandler: authenticate,
      schema: {
        tags: ['users'],
        security: bearerSecurity,
        summary:
          'Every todo of the caller (the trash aside) as a file to download, JSON or CSV, streamed',
        querystring: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
        },
        response: {
          200: {
            description: '{ user, todos: [...] } or a CSV file',
            content: file({ type: 'object' }),
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const format = (request.query as { format?: unknown }).format ?? 'json';
      if (format !== 'json' && format !== 'csv')
        throw fieldError(['format'], 'format must be json or csv');
      const filename = `ticklist-export-${new Date().toISOString().slice(0, 10)}.${format}`;
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(
          Readable.from(format === 'csv' ? csvExport(db, user.id) : jsonExport(db, user), {
            objectMode: false,
          }),
        );
    },
  );

  // CSV bodies and the 5 MB limit hold in this scope only: every other route keeps JSON and 64 KiB.
  api.register(async (scope) => {
    scope.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    // Fastify's errors name the API's usual limit and type, not the file's; thrown on to the app's handler.
    scope.setErrorHandler((error) => {
      const { code } = error as { code?: string };
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw fieldError([], 'The file is larger than 5 MB');
      if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        throw new ApiError(
          415,
          'UnsupportedMediaTypeError',
          'The file must be JSON (application/json) or CSV (text/csv)',
        );
      throw error;
    });
    scope.post(
      '/todos/import',
      {
        // Before the body is read, so that only a signed-in caller can have the server read 5 MB.
        onRequest: authenticate,
        bodyLimit: IMPORT_LIMIT,
        schema: {
          tags: ['todos'],
          security: bearerSecurity,
          summary:
            'Add todos from an export (JSON or CSV) or a Todoist CSV, up to 5 MB: a bad row (400) or the todo limit (403) imports nothing',
          body: {
            content: file({
              type: 'object',
              properties: { todos: { type: 'array', items: { type: 'object' } } },
            }),
          },
          response: { 200: importedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const todos = await readImport(request.body, config.maxTodosPerUser);
        return {
          data: {
            imported: await importTodos(
              db,
              sessionOf(request).user.id,
              todos,
              config.maxTodosPerUser,
            ).catch(refuseOverLimit),
          },
        };
      },
    );
  });
}
