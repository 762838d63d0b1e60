/**
 * The project collection, Strapi v4 style like the todos: list, find, create, update and
 * delete, every call scoped to the signed-in owner (another user's project is a 404, as a missing
 * one). DELETE moves the project and its todos to the trash; /projects/:id/restore brings them back;
 * /projects/trash lists the trashed projects. Fastify's router prefers the static /projects/trash to
 * /projects/:id.
 */
import type { FastifyInstance } from 'fastify';
import { trashQuerySchema } from '../../shared/list-pagination';
import {
  projectCreateDataSchema,
  projectListQuerySchema,
  projectUpdateDataSchema,
} from '../../shared/project-schemas';
import { todoIdParamsSchema } from '../../shared/schemas';
import { strapiData } from '../../shared/strapi-data';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { found } from '../domain-error';
import { idempotencyHeaders, idempotent } from '../http/idempotency';
import {
  projectListSchema,
  singleProjectSchema,
  trashedProjectListSchema,
} from '../http/project-schemas';
import { bearerSecurity, errorResponses } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { offsetAndLimit, paginationMeta } from '../http/pagination';
import { toProjectEntity, toTrashedProjectEntity } from './present';
import { createProject, findProject, listProjects, updateProject } from './repository';
import { listTrashedProjects, restoreProject, trashProject } from './trash';

const single = { 200: singleProjectSchema, ...errorResponses };

export function projectRoutes(app: FastifyInstance, { config, db, authenticate }: AppContext) {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const common = { tags: ['projects'], security: bearerSecurity };
  const params = todoIdParamsSchema;

  api.get(
    '/projects',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'A page of the caller’s projects (Strapi bracket syntax; default sort position:asc)',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { pagination } = request.query;
      const ownerId = sessionOf(request).user.id;
      const { rows, total } = await listProjects(
        db,
        ownerId,
        request.query,
        offsetAndLimit(pagination),
      );
      return {
        data: rows.map(toProjectEntity),
        meta: { pagination: paginationMeta(pagination, total) },
      };
    },
  );

  api.get(
    '/projects/trash',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'A page of the caller’s deleted projects, most recently deleted first',
        querystring: trashQuerySchema,
        response: { 200: trashedProjectListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { pagination } = request.query;
      const ownerId = sessionOf(request).user.id;
      const { rows, total } = await listTrashedProjects(db, ownerId, offsetAndLimit(pagination));
      return {
        data: rows.map(toTrashedProjectEntity),
        meta: { pagination: paginationMeta(pagination, total) },
      };
    },
  );

  api.get(
    '/projects/:id',
    {
      preValidation: authenticate,
      schema: { ...common, summary: 'One of the caller’s projects', params, response: single },
    },
    async (request) => {
      const row = await findProject(db, sessionOf(request).user.id, request.params.id);
      return { data: toProjectEntity(found(row)), meta: {} };
    },
  );

  api.post(
    '/projects',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: `Create a project (at most MAX_PROJECTS_PER_USER, names unique per user whatever their case)`,
        headers: idempotencyHeaders,
        body: strapiData(projectCreateDataSchema),
        response: single,
      },
    },
    async (request, reply) => {
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const row = await createProject(trx, ownerId, request.body, {
          maxProjects: config.maxProjectsPerUser,
        });
        return { data: toProjectEntity(row), meta: {} };
      });
    },
  );

  api.put(
    '/projects/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Change one of the caller’s projects',
        params,
        headers: idempotencyHeaders,
        body: strapiData(projectUpdateDataSchema),
        response: single,
      },
    },
    async (request, reply) => {
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const row = await updateProject(trx, ownerId, request.params.id, request.body);
        return { data: toProjectEntity(found(row)), meta: {} };
      });
    },
  );

  api.delete(
    '/projects/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'Move one of the caller’s projects to the trash with its todos; answers the deleted project (meta.todos: how many todos went with it)',
        params,
        headers: idempotencyHeaders,
        response: single,
      },
    },
    async (request, reply) => {
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const moved = found(await trashProject(trx, ownerId, request.params.id));
        return { data: toProjectEntity(moved.row), meta: { todos: moved.todoIds.length } };
      });
    },
  );

  api.post(
    '/projects/:id/restore',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'Bring a deleted project back with the todos deleted with it (meta.todos: how many); a project not in the trash is 404',
        params,
        response: single,
      },
    },
    async (request) => {
      const ownerId = sessionOf(request).user.id;
      const moved = found(
        await restoreProject(db, ownerId, request.params.id, config.maxProjectsPerUser),
      );
      return { data: toProjectEntity(moved.row), meta: { todos: moved.todoIds.length } };
    },
  );
}
