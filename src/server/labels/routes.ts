/**
 * The label collection, Strapi v4 style like the projects: list, find, create, update and delete,
 * every call scoped to the signed-in owner (another user's label is a 404, as a missing one).
 * DELETE takes the label off its todos and deletes it for good; the todos stay.
 */
import type { FastifyInstance } from 'fastify';
import {
  labelCreateDataSchema,
  labelListQuerySchema,
  labelUpdateDataSchema,
} from '../../shared/label-schemas';
import { todoIdParamsSchema } from '../../shared/schemas';
import { strapiData } from '../../shared/strapi-data';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { found } from '../domain-error';
import { idempotencyHeaders, idempotent } from '../http/idempotency';
import { labelListSchema, singleLabelSchema } from '../http/label-schemas';
import { offsetAndLimit, paginationMeta } from '../http/pagination';
import { bearerSecurity, errorResponses } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { toLabelEntity } from './present';
import { createLabel, deleteLabel, findLabel, listLabels, updateLabel } from './repository';

const single = { 200: singleLabelSchema, ...errorResponses };

export function labelRoutes(app: FastifyInstance, { config, db, authenticate }: AppContext) {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const common = { tags: ['labels'], security: bearerSecurity };
  const params = todoIdParamsSchema;

  api.get(
    '/labels',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'A page of the caller’s labels (Strapi bracket syntax; default sort name:asc)',
        querystring: labelListQuerySchema,
        response: { 200: labelListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { pagination } = request.query;
      const ownerId = sessionOf(request).user.id;
      const { rows, total } = await listLabels(
        db,
        ownerId,
        request.query,
        offsetAndLimit(pagination),
      );
      return {
        data: rows.map(toLabelEntity),
        meta: { pagination: paginationMeta(pagination, total) },
      };
    },
  );

  api.get(
    '/labels/:id',
    {
      preValidation: authenticate,
      schema: { ...common, summary: 'One of the caller’s labels', params, response: single },
    },
    async (request) => {
      const row = await findLabel(db, sessionOf(request).user.id, request.params.id);
      return { data: toLabelEntity(found(row)), meta: {} };
    },
  );

  api.post(
    '/labels',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'Create a label (at most MAX_LABELS_PER_USER, names unique per user whatever their case)',
        headers: idempotencyHeaders,
        body: strapiData(labelCreateDataSchema),
        response: single,
      },
    },
    async (request, reply) => {
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const row = await createLabel(trx, ownerId, request.body, {
          maxLabels: config.maxLabelsPerUser,
        });
        return { data: toLabelEntity(row), meta: {} };
      });
    },
  );

  api.put(
    '/labels/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Rename or recolour one of the caller’s labels',
        params,
        headers: idempotencyHeaders,
        body: strapiData(labelUpdateDataSchema),
        response: single,
      },
    },
    async (request, reply) => {
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const row = await updateLabel(trx, ownerId, request.params.id, request.body);
        return { data: toLabelEntity(found(row)), meta: {} };
      });
    },
  );

  api.delete(
    '/labels/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'Delete one of the caller’s labels for good, taking it off its todos (which stay); answers the deleted label (meta.todos: how many todos it was on)',
        params,
        headers: idempotencyHeaders,
        response: single,
      },
    },
    async (request, reply) => {
      const ownerId = sessionOf(request).user.id;
      return idempotent(db, request, reply, async (trx) => {
        const deleted = found(await deleteLabel(trx, ownerId, request.params.id));
        return { data: toLabelEntity(deleted.row), meta: { todos: deleted.todoIds.length } };
      });
    },
  );
}
