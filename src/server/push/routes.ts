/**
 * Web Push calls: the server's VAPID public key (what a browser subscribes with), the signed-in
 * user's devices (subscribe, list, remove), where their reminders go (mail, push, both, none), and
 * the reminder actions a notification's buttons POST to without credentials (push/actions.ts).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pushSubscriptionBodySchema, reminderActionParamsSchema } from '../../shared/push-schemas';
import { todoIdParamsSchema } from '../../shared/schemas';
import { strapiData } from '../../shared/strapi-data';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { previewReminderAction, useReminderAction } from './actions';
import { assertPushEndpoint } from './endpoint';
import { deleteSubscription, listSubscriptions, saveSubscription } from './subscriptions';

export const REMINDER_DELIVERIES = ['both', 'mail', 'push', 'none'] as const;

const deliveryBody = strapiData(
  v.object({
    delivery: v.picklist(
      REMINDER_DELIVERIES,
      `delivery must be one of ${REMINDER_DELIVERIES.join(', ')}`,
    ),
  }),
);

const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});
const dataOf = (data: unknown) => ({ ...object({ data }), additionalProperties: false });
const deviceSchema = object({
  id: { type: 'integer' },
  endpoint: { type: 'string' },
  userAgent: { type: ['string', 'null'] },
  expirationTime: { type: ['string', 'null'] },
  createdAt: { type: 'string' },
});
const deliverySchema = dataOf(object({ delivery: { type: 'string', enum: REMINDER_DELIVERIES } }));

export function pushRoutes(
  app: FastifyInstance,
  { config, db, authenticate, events, vapid }: AppContext,
): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const common = { tags: ['push'], security: bearerSecurity };

  api.get(
    '/push/vapid-public-key',
    {
      schema: {
        tags: ['push'],
        summary:
          'The key browsers subscribe to this server’s push messages with (applicationServerKey)',
        response: { 200: dataOf(object({ publicKey: { type: 'string' } })), ...errorResponses },
      },
    },
    async () => ({ data: { publicKey: vapid.publicKey } }),
  );

  api.post(
    '/push/subscriptions',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary:
          'Turn reminders on for this device: the body is PushSubscription.toJSON(); an https endpoint of a public push service',
        body: pushSubscriptionBodySchema,
        response: { 200: dataOf(object({ id: { type: 'integer' } })), ...errorResponses },
      },
    },
    async (request) => {
      const ownerId = sessionOf(request).user.id;
      await assertPushEndpoint(request.body.endpoint, config.pushAllowPrivateEndpoints);
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const id = await saveSubscription(
        db,
        ownerId,
        request.body,
        userAgent,
        config.maxPushDevicesPerUser,
      );
      return { data: { id } };
    },
  );

  api.get(
    '/push/subscriptions',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'The caller’s devices that get reminders',
        response: {
          200: dataOf({ type: 'array', items: deviceSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: (await listSubscriptions(db, sessionOf(request).user.id)).map((device) => ({
        id: device.id,
        endpoint: device.endpoint,
        userAgent: device.user_agent,
        expirationTime: device.expiration_time,
        createdAt: device.created_at,
      })),
    }),
  );

  api.delete(
    '/push/subscriptions/:id',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Stop sending reminders to one of the caller’s devices',
        params: todoIdParamsSchema,
        response: { 200: dataOf(object({ id: { type: 'integer' } })), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await deleteSubscription(db, sessionOf(request).user.id, id))) throw notFound();
      return { data: { id } };
    },
  );

  api.get(
    '/reminders/delivery',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Where the caller’s reminders go: both (mail and push), mail, push or none',
        response: { 200: deliverySchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom('users')
        .select('reminder_delivery')
        .where('id', '=', sessionOf(request).user.id)
        .executeTakeFirstOrThrow();
      return { data: { delivery: row.reminder_delivery } };
    },
  );

  api.put(
    '/reminders/delivery',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'Choose where the caller’s reminders go',
        body: deliveryBody,
        response: { 200: deliverySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { delivery } = request.body;
      await db
        .updateTable('users')
        .set({ reminder_delivery: delivery })
        .where('id', '=', sessionOf(request).user.id)
        .execute();
      return { data: { delivery } };
    },
  );

  api.get(
    '/reminder-actions/:token',
    {
      schema: {
        tags: ['push'],
        summary:
          'What a reminder’s action token would do (the mail’s page shows it before the POST that runs it); 410 once it cannot',
        params: reminderActionParamsSchema,
        response: {
          200: dataOf(
            object({
              action: { type: 'string' },
              todo: object({ id: { type: 'integer' }, title: { type: 'string' } }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: await previewReminderAction(db, request.params.token) }),
  );

  api.post(
    '/reminder-actions/:token',
    {
      schema: {
        tags: ['push'],
        summary:
          'A reminder’s action (Complete, or Snooze 10 minutes, 1 hour or until tomorrow), by its single-use token: 200 once, then 410',
        params: reminderActionParamsSchema,
        response: {
          200: dataOf(
            object({ action: { type: 'string' }, todo: object({ id: { type: 'integer' } }) }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const done = await useReminderAction(db, request.params.token, {
        maxTodos: config.maxTodosPerUser,
      });
      events.afterWrite(done.ownerId);
      return { data: { action: done.action, todo: { id: done.todoId } } };
    },
  );
}
