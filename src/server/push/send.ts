/**
 * Sends reminders to their owners' devices through the devices' push services (web-push: RFC 8291
 * aes128gcm payloads signed with the server's VAPID keys). A device the push service no longer
 * knows (404 or 410) is removed; any other failure is logged and that device misses the reminder.
 * Payloads carry the title and times only.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { ReminderPushPayload } from '../../shared/push-schemas';
import type { Database } from '../db/types';
import { actionApiUrl, makeReminderActions } from './actions';
import { assertPushEndpoint } from './endpoint';
import { dropSubscription, subscriptionsOf } from './subscriptions';
import type { VapidKeys } from './vapid';

export interface PushDeps {
  db: Kysely<Database>;
  vapid: VapidKeys;
  publicUrl: string;
  allowPrivateEndpoints: boolean;
  log: FastifyBaseLogger;
}

export interface DueReminder {
  id: number;
  owner_id: number;
  title: string;
  due_date: string | null;
  remind_at: string;
}

const SEND_TIMEOUT_MS = 10_000;
/** A reminder an hour late is still worth showing; a push service may hold it that long. */
const TTL_SECONDS = 60 * 60;

async function sendOne(
  deps: PushDeps,
  device: { id: number; endpoint: string; p256dh: string; auth: string },
  payload: string,
): Promise<void> {
  try {
    await assertPushEndpoint(device.endpoint, deps.allowPrivateEndpoints);
    await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: deps.vapid,
        TTL: TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
      },
    );
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await dropSubscription(deps.db, device.id);
      deps.log.info({ device: device.id, status }, 'push subscription expired: removed');
    } else {
      deps.log.warn({ device: device.id, status, err: error }, 'push message not delivered');
    }
  }
}

async function reminderActionUrls(deps: PushDeps, reminder: DueReminder, now: Date) {
  const tokens = await makeReminderActions(
    deps.db,
    reminder.owner_id,
    reminder,
    ['complete', 'snooze'] as const,
    now,
  );
  return {
    complete: actionApiUrl(deps.publicUrl, tokens.complete),
    snooze: actionApiUrl(deps.publicUrl, tokens.snooze),
  };
}

/** Each reminder to every device of its owner (owners who chose push), at once. */
export async function pushReminders(
  deps: PushDeps,
  reminders: DueReminder[],
  now: Date,
): Promise<void> {
  if (reminders.length === 0) return;
  const devices = await subscriptionsOf(deps.db, [...new Set(reminders.map((r) => r.owner_id))]);
  if (devices.length === 0) return;
  const sends: Promise<void>[] = [];
  for (const reminder of reminders) {
    const mine = devices.filter((device) => device.owner_id === reminder.owner_id);
    if (mine.length === 0) continue;
    const payload: ReminderPushPayload = {
      type: 'reminder',
      todo: {
        id: reminder.id,
        title: reminder.title,
        dueDate: reminder.due_date,
        remindAt: reminder.remind_at,
      },
      actions: await reminderActionUrls(deps, reminder, now),
    };
    const text = JSON.stringify(payload);
    for (const device of mine) sends.push(sendOne(deps, device, text));
  }
  await Promise.all(sends);
}
