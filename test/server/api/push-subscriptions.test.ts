/**
 * @jest-environment node
 *
 * Web Push over HTTP on each database: the VAPID public key, kept in the data folder (0600) across
 * restarts or taken from the environment; devices subscribe with what PushSubscription.toJSON()
 * gives, only at https endpoints of public addresses, within MAX_PUSH_DEVICES_PER_USER, each user
 * seeing and removing their own; the reminder delivery choice; reminder action tokens that were
 * never issued answer 410. Delivery itself: reliability/push-delivery.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Session } from '../../../src/shared/api-types';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { newDevice } from '../support/push-service';

describeEachDialect('push subscriptions', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_PUSH_DEVICES_PER_USER: '3' });
    [ann, bob] = await Promise.all([
      register(t.app, credentials('pushann')),
      register(t.app, credentials('pushbob')),
    ]);
  });
  afterAll(() => t.close());

  const subscribe = (session: Session | undefined, body: object) =>
    call(t.app, session, { method: 'POST', url: '/api/push/subscriptions', payload: body });
  const devices = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/push/subscriptions' })).json<{
      data: { id: number; endpoint: string; userAgent: string | null }[];
    }>().data;
  const refusal = async (body: object) => {
    const response = await subscribe(ann, body);
    expect(response.statusCode).toBe(400);
    return response.json<{ error: { message: string } }>().error.message;
  };

  it('gives the VAPID public key, kept in the data folder only its owner can read', async () => {
    const response = await call(t.app, undefined, {
      method: 'GET',
      url: '/api/push/vapid-public-key',
    });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ data: { publicKey: string } }>().data;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(t.config.dataDir, 'vapid-keys.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).publicKey).toBe(publicKey);
    // Another process on the same data folder signs with the same keys.
    const again = await buildApp(t.config, t.database.handle.db);
    try {
      const second = await again.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
      expect(second.json<{ data: { publicKey: string } }>().data.publicKey).toBe(publicKey);
    } finally {
      await again.close();
    }
  });

  it('takes a device at a public https endpoint, and lists and removes only the owner’s', async () => {
    const phone = newDevice('https://93.184.216.34/push/ann-phone');
    const subscribed = await call(t.app, ann, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: phone.subscription,
      headers: { 'user-agent': 'Mozilla/5.0 (Android 15; Mobile)' },
    });
    expect(subscribed.statusCode).toBe(200);
    const { id } = subscribed.json<{ data: { id: number } }>().data;
    expect(await devices(ann)).toEqual([
      expect.objectContaining({
        id,
        endpoint: phone.subscription.endpoint,
        userAgent: 'Mozilla/5.0 (Android 15; Mobile)',
      }),
    ]);
    expect(await devices(bob)).toEqual([]);
    const remove = (session: Session, deviceId: number) =>
      call(t.app, session, { method: 'DELETE', url: `/api/push/subscriptions/${deviceId}` });
    expect((await remove(bob, id)).statusCode).toBe(404);
    expect(await devices(ann)).toHaveLength(1);
    // The same browser subscribing again (new keys) replaces its entry.
    const renewed = newDevice(phone.subscription.endpoint);
    expect((await subscribe(ann, renewed.subscription)).statusCode).toBe(200);
    const [only] = await devices(ann);
    expect((await remove(ann, only!.id)).statusCode).toBe(200);
    expect(await devices(ann)).toEqual([]);
    expect((await subscribe(undefined, renewed.subscription)).statusCode).toBe(401);
  });

  it('refuses endpoints that are not https at a public address, and malformed keys', async () => {
    const device = newDevice('https://93.184.216.34/push/x');
    const at = (endpoint: string) => ({ ...device.subscription, endpoint });
    const endpointMessage = 'The endpoint must be an https address of a public push service';
    for (const endpoint of [
      'http://93.184.216.34/push',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://10.1.2.3/push',
      'https://192.168.1.20/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://user:pass@93.184.216.34/push',
      'not a url',
    ])
      expect([endpoint, await refusal(at(endpoint))]).toEqual([endpoint, endpointMessage]);
    expect(
      await refusal({
        ...device.subscription,
        keys: { ...device.subscription.keys, p256dh: 'abc' },
      }),
    ).toMatch(/keys\.p256dh/);
    expect(
      await refusal({
        ...device.subscription,
        keys: { ...device.subscription.keys, auth: 'x'.repeat(40) },
      }),
    ).toMatch(/keys\.auth/);
    expect(await refusal({ endpoint: device.subscription.endpoint })).toBeTruthy();
    expect(await devices(ann)).toEqual([]);
  });

  it('keeps at most MAX_PUSH_DEVICES_PER_USER devices a user', async () => {
    for (let i = 0; i < 3; i += 1)
      expect(
        (await subscribe(bob, newDevice(`https://93.184.216.34/push/bob${i}`).subscription))
          .statusCode,
      ).toBe(200);
    const fourth = await subscribe(bob, newDevice('https://93.184.216.34/push/bob3').subscription);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json<{ error: { message: string } }>().error.message).toBe(
      'Device limit reached: a user may turn notifications on on at most 3 devices',
    );
  });

  it('keeps each user’s choice of where reminders go', async () => {
    const get = () => call(t.app, ann, { method: 'GET', url: '/api/reminders/delivery' });
    const put = (delivery: unknown) =>
      call(t.app, ann, {
        method: 'PUT',
        url: '/api/reminders/delivery',
        payload: { data: { delivery } },
      });
    expect((await get()).json()).toEqual({ data: { delivery: 'both' } });
    expect((await put('push')).statusCode).toBe(200);
    expect((await get()).json()).toEqual({ data: { delivery: 'push' } });
    const bad = await put('sms');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe(
      'delivery must be one of both, mail, push, none',
    );
  });

  it('answers 410 for an action token it never issued, and 404 for one of the wrong shape', async () => {
    const unknown = await call(t.app, undefined, {
      method: 'POST',
      url: `/api/reminder-actions/${'a'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json<{ error: { name: string } }>().error.name).toBe('GoneError');
    const malformed = await call(t.app, undefined, {
      method: 'POST',
      url: '/api/reminder-actions/abc',
    });
    expect(malformed.statusCode).toBe(404);
  });
});

describe('VAPID keys from the environment', () => {
  it('uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, and wants both', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(config.vapid).toEqual({ ...keys, subject: undefined });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
