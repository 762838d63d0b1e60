/** The devices (push subscriptions) of each user, every query scoped to its owner. */
import type { Kysely } from 'kysely';
import type { PushSubscriptionBody } from '../../shared/push-schemas';
import type { Database } from '../db/types';
import { fieldError } from '../http/errors';

type Db = Kysely<Database>;

export const deviceLimitMessage = (max: number) =>
  `Device limit reached: a user may turn notifications on on at most ${max} devices`;

/**
 * Saves a browser's subscription for `ownerId`. An endpoint is one browser profile: subscribing it
 * again (new keys, or another user signed in there) replaces the old entry.
 */
export async function saveSubscription(
  db: Db,
  ownerId: number,
  body: PushSubscriptionBody,
  userAgent: string | null,
  maxDevices: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', body.endpoint).execute();
    const { count } = await trx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= maxDevices) throw fieldError(['endpoint'], deviceLimitMessage(maxDevices));
    const { id } = await trx
      .insertInto('push_subscriptions')
      .values({
        owner_id: ownerId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        expiration_time:
          body.expirationTime === null ? null : new Date(body.expirationTime).toISOString(),
        user_agent: userAgent,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

export function listSubscriptions(db: Db, ownerId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'user_agent', 'expiration_time', 'created_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
}

/** Whether the owner had that device. */
export async function deleteSubscription(db: Db, ownerId: number, id: number): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('push_subscriptions')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

/** The devices of these owners, to send their reminders to. */
export function subscriptionsOf(db: Db, ownerIds: number[]) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'owner_id', 'endpoint', 'p256dh', 'auth'])
    .where('owner_id', 'in', ownerIds)
    .execute();
}

/** A push service said the subscription is gone (404 or 410). */
export async function dropSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
