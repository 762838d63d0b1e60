/**
 * Web Push: the body of POST /api/push/subscriptions is what a browser's
 * `PushSubscription.toJSON()` gives (`{ endpoint, expirationTime, keys: { p256dh, auth } }`), and
 * the payload a reminder's notification carries, which the service worker reads.
 */
import * as v from 'valibot';

const base64url = (name: string, bytes: number) =>
  v.pipe(
    v.string(`keys.${name} must be a base64url string`),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, `keys.${name} must be a base64url string`),
    v.check(
      (text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes,
      `keys.${name} must encode ${bytes} bytes`,
    ),
    v.transform((text) => text.replace(/=+$/, '')),
  );

export const pushSubscriptionBodySchema = v.object({
  endpoint: v.pipe(
    v.string('endpoint must be a string'),
    v.maxLength(2048, 'endpoint is too long'),
  ),
  expirationTime: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), null),
  keys: v.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, as RFC 8291 has them.
    p256dh: v.pipe(
      base64url('p256dh', 65),
      v.check((text) => text.startsWith('B'), 'keys.p256dh must be an uncompressed P-256 key'),
    ),
    auth: base64url('auth', 16),
  }),
});

export type PushSubscriptionBody = v.InferOutput<typeof pushSubscriptionBodySchema>;

/**
 * How much later each snooze reminds again, wherever it is offered (the toast, the reminder mail;
 * a notification has room for one: `snooze`, an hour). "Tomorrow" is the same time the next day.
 */
export const SNOOZES = {
  'snooze-10m': { label: '10 minutes', ms: 10 * 60_000 },
  snooze: { label: '1 hour', ms: 60 * 60_000 },
  'snooze-tomorrow': { label: 'Tomorrow', ms: 24 * 60 * 60_000 },
} as const;
export type SnoozeAction = keyof typeof SNOOZES;

export const REMINDER_ACTIONS = ['complete', 'snooze-10m', 'snooze', 'snooze-tomorrow'] as const;
export type ReminderAction = (typeof REMINDER_ACTIONS)[number];

/** The decrypted payload of a reminder's push message. */
export interface ReminderPushPayload {
  type: 'reminder';
  todo: { id: number; title: string; dueDate: string | null; remindAt: string };
  /** URLs a bodiless POST to completes the todo, or snoozes it an hour: each works once. */
  actions: { complete: string; snooze: string };
}

/** GET /api/reminder-actions/:token: what a mail's action link will do, before it is confirmed. */
export interface ReminderActionPreview {
  action: ReminderAction;
  todo: { id: number; title: string };
}

export const reminderActionParamsSchema = v.object({
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});
