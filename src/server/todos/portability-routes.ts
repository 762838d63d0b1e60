/**
 * An account's todos out and in: GET /users/me/export streams them as JSON or CSV; POST /todos/import
 * takes our JSON or CSV or Todoist's CSV, up to 5 MB, all or nothing.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { projectNameField } from '../../shared/project-schemas';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { ApiError, fieldError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { csvExport, jsonExport } from './export';
import { readImport } from './import';
import { importTodos } from './import-batches';

const IMPORT_LIMIT = 5 * 1024 * 1024;

const file = (json: Record<string, unknown>) => ({
  'application/json': { schema: json },
  'text/csv': { schema: { type: 'string' } },
});
const exportQuery = v.object({
  format: v.optional(v.picklist(['json', 'csv'], 'format must be json or csv'), 'json'),
});

/** The file is read and checked row by row by readImport, which names the row at fault. */
const importFile = {
  'application/json': {
    schema: v.pipe(
      v.unknown(),
      v.description(
        'a Ticklist JSON export: { "projects": [...], "labels": [...], "todos": [...] }',
      ),
    ),
  },
  'text/csv': {
    schema: v.pipe(
      v.string(),
      v.description(
        'a Ticklist or Todoist CSV export (Todoist sections and @labels become labels)',
      ),
    ),
  },
};

const importQuery = v.object({
  project: v.optional(
    v.pipe(
      projectNameField,
      v.description(
        'the project (found by name, or made) that the file’s todos naming none go to, e.g. a Todoist file’s name: Todoist exports a project a file',
      ),
    ),
  ),
});

const importedSchema = {
  type: 'object',
  properties: { data: { type: 'object', properties: { imported: { type: 'integer' } } } },
};

export function portabilityRoutes(
  app: FastifyInstance,
  { config, db, authenticate }: AppContext,
): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  api.get(
    '/users/me/export',
    {
      preValidation: authenticate,
      schema: {
        tags: ['users'],
        security: bearerSecurity,
        summary:
          'Every todo of the caller (the trash aside) as a file to download, JSON or CSV, streamed',
        querystring: exportQuery,
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
      const { format } = request.query;
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
    scope.withTypeProvider<ValibotTypeProvider>().post(
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
          querystring: importQuery,
          body: { content: importFile },
          response: { 200: importedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { todos, projects, labels } = await readImport(
          request.body,
          config.maxTodosPerUser,
          undefined,
          request.query.project,
        );
        return {
          data: {
            imported: await importTodos(
              db,
              sessionOf(request).user.id,
              todos,
              config.maxTodosPerUser,
              new Date(),
              {
                projects,
                maxProjects: config.maxProjectsPerUser,
                labels,
                maxLabels: config.maxLabelsPerUser,
              },
            ),
          },
        };
      },
    );
  });
}
