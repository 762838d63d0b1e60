/**
 * The calendar feed: POST /users/me/calendar-feed makes (or replaces) a secret link calendar apps
 * subscribe to without a login; GET /calendar/<secret>.ics answers the owner's dated todos. The
 * secret is kept as is, not hashed: the feed shows todos from the same database, so a hash would
 * protect nothing, and the profile must be able to show the link again (api-contract).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { notFound, rateLimited } from '../http/errors';
import type { ValibotTypeProvider } from '../http/valibot-compiler';
import { bearerSecurity, errorResponses } from '../http/schemas';
import { calendarFeed } from './ics';

type Db = Kysely<Database>;

/** 256 random bits, base64url: 43 characters; `-events` names the feed of events (see ics.ts). */
const FEED_FILE = /^([A-Za-z0-9_-]{43})(-events)?\.ics$/;

const feedUrlSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: ['string', 'null'], description: 'the secret .ics link; null until one is made' },
  },
} as const;

/** The owner's current secret, or null. */
async function currentSecret(db: Db, ownerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('calendar_secret')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return row?.calendar_secret ?? null;
}

/** A new secret for the owner: the old link stops working at once. */
async function rotateSecret(db: Db, ownerId: number): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db
    .updateTable('users')
    .set({ calendar_secret: secret })
    .where('id', '=', ownerId)
    .execute();
  return secret;
}

/** Whose feed a secret opens: an unblocked user's, or nobody's. */
async function ownerOfSecret(db: Db, secret: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('calendar_secret', '=', secret)
    .where('blocked', '=', 0)
    .executeTakeFirst();
  return row?.id;
}

export function calendarRoutes(
  app: FastifyInstance,
  { config, db, throttle, authenticate }: AppContext,
): void {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const urlOf = (secret: string | null) =>
    secret ? `${config.publicUrl}/api/calendar/${secret}.ics` : null;
  const common = {
    tags: ['calendar'],
    security: bearerSecurity,
    response: { 200: feedUrlSchema, ...errorResponses },
  };

  api.get(
    '/users/me/calendar-feed',
    {
      preValidation: authenticate,
      schema: { ...common, summary: 'The caller’s calendar feed link, or null' },
    },
    async (request) => ({
      url: urlOf(await currentSecret(db, sessionOf(request).user.id)),
    }),
  );

  api.post(
    '/users/me/calendar-feed',
    {
      preValidation: authenticate,
      schema: {
        ...common,
        summary: 'A new secret calendar feed link; the previous one stops working',
      },
    },
    async (request) => ({ url: urlOf(await rotateSecret(db, sessionOf(request).user.id)) }),
  );

  api.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'A calendar feed (text/calendar): a VTODO per dated todo of the link’s owner, or with <secret>-events.ics an all-day VEVENT per open dated todo (for calendar apps that show no VTODOs); no login, the link is the key',
        params: v.object({
          file: v.pipe(v.string(), v.examples(['<secret>.ics', '<secret>-events.ics'])),
        }),
        response: {
          200: {
            description: 'iCalendar (RFC 5545)',
            content: { 'text/calendar': { schema: { type: 'string' } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // Counted before the secret is looked up, so guessing costs as much as reading.
      const retryAfter = await throttle.consumeFeedRead(request.ip);
      if (retryAfter > 0) throw rateLimited(retryAfter);
      const [, secret, events] = FEED_FILE.exec(request.params.file) ?? [];
      const ownerId = secret ? await ownerOfSecret(db, secret) : undefined;
      if (ownerId === undefined) throw notFound();
      const host = new URL(config.publicUrl).hostname;
      return reply.type('text/calendar; charset=utf-8').send(
        Readable.from(calendarFeed(db, ownerId, host, events ? 'events' : 'todos'), {
          objectMode: false,
        }),
      );
    },
  );
}
