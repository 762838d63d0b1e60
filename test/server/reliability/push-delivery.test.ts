/**
 * Web Push delivery end to end: the built server (a process trusting our push service's
 * certificate through NODE_EXTRA_CA_CERTS, as the README says to) sends a reminder that falls due to
 * each of the owner's devices once, encrypted to each device's keys (decrypted here as a browser
 * would), signed with its VAPID key; a device the push service says is gone (410) is removed; the
 * payload's Complete and Snooze URLs work once without credentials and then answer 410; a user
 * who chose mail only gets no push.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReminderPushPayload } from '../../../src/shared/push-schemas';
import type { Session, TodoEntity } from '../../../src/shared/api-types';
import { http, spawnServer, type ServerProcess } from '../../support/server-process';
import {
  decrypt,
  newDevice,
  startPushService,
  type Device,
  type PushService,
} from '../support/push-service';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Web Push delivery of reminders (built server, local push service)', () => {
  let push: PushService;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    push = await startPushService();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-push-server-'));
    // PUBLIC_URL unset: the action URLs name http://127.0.0.1:<its port>.
    server = await spawnServer(dataDir, {
      NODE_EXTRA_CA_CERTS: push.caFile,
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      REMINDER_CHECK_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await push?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let counter = 0;
  async function register(): Promise<Session> {
    counter += 1;
    const name = `push${counter}${Date.now()}`;
    const { status, body } = await http<Session>(server.url, 'POST', '/api/auth/local/register', {
      body: { username: name, email: `${name}@example.com`, password: 'Kiwi#Lamp42' },
    });
    expect(status).toBe(200);
    return body;
  }
  const subscribe = async (session: Session, device: Device) => {
    const { status, body } = await http<{ data: { id: number } }>(
      server.url,
      'POST',
      '/api/push/subscriptions',
      { token: session.jwt, body: device.subscription },
    );
    expect(status).toBe(200);
    return body.data.id;
  };
  const remindSoon = async (session: Session, title: string) => {
    const remindAt = new Date(Date.now() + 1500).toISOString();
    const { status, body } = await http<{ data: TodoEntity }>(server.url, 'POST', '/api/todos', {
      token: session.jwt,
      body: { data: { title, dueDate: remindAt.slice(0, 10), remindAt } },
    });
    expect(status).toBe(200);
    return body.data;
  };
  const messagesTo = (device: Device) =>
    push.messages.filter(
      (message) => `${push.origin}${message.path}` === device.subscription.endpoint,
    );
  async function waitFor<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(100);
    }
  }

  it('sends a due reminder once to each device, encrypted to its keys and signed by the server', async () => {
    const ann = await register();
    const phone = newDevice(`${push.origin}/ann/phone`);
    const laptop = newDevice(`${push.origin}/ann/laptop`);
    const dropped = newDevice(`${push.origin}/gone/ann-old-tablet`);
    for (const device of [phone, laptop, dropped]) await subscribe(ann, device);
    const { publicKey } = (
      await http<{ data: { publicKey: string } }>(server.url, 'GET', '/api/push/vapid-public-key')
    ).body.data;

    const todo = await remindSoon(ann, 'Water the plants');
    const [onPhone] = await waitFor(() =>
      messagesTo(phone).length > 0 ? messagesTo(phone) : undefined,
    );
    await waitFor(() =>
      messagesTo(laptop).length > 0 && messagesTo(dropped).length > 0 ? true : undefined,
    );
    await sleep(2500); // two more checks: nothing is sent twice
    expect(messagesTo(phone)).toHaveLength(1);
    expect(messagesTo(laptop)).toHaveLength(1);

    expect(onPhone!.headers['content-encoding']).toBe('aes128gcm');
    expect(onPhone!.headers.ttl).toBe('3600');
    expect(onPhone!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    const payload = decrypt(onPhone!, phone) as ReminderPushPayload;
    expect(payload).toEqual({
      type: 'reminder',
      todo: {
        id: todo.id,
        title: 'Water the plants',
        dueDate: todo.attributes.dueDate,
        remindAt: todo.attributes.remindAt,
      },
      actions: {
        complete: expect.stringMatching(/\/api\/reminder-actions\/[\w-]{43}$/),
        snooze: expect.stringMatching(/\/api\/reminder-actions\/[\w-]{43}$/),
      },
    });
    expect(decrypt(messagesTo(laptop)[0]!, laptop)).toEqual(payload);
    expect(() => decrypt(onPhone!, laptop)).toThrow(); // encrypted to each device's own keys

    // The push service said 410 for the old tablet: it is gone from the devices list.
    const devices = await http<{ data: { endpoint: string }[] }>(
      server.url,
      'GET',
      '/api/push/subscriptions',
      {
        token: ann.jwt,
      },
    );
    expect(devices.body.data.map((device) => device.endpoint).sort()).toEqual(
      [laptop.subscription.endpoint, phone.subscription.endpoint].sort(),
    );

    // Snooze works once, with no credentials; the same reminder's Complete has expired with it.
    const actionPath = (url: string) => new URL(url).pathname;
    const snoozed = await http<{ data: unknown }>(
      server.url,
      'POST',
      actionPath(payload.actions.snooze),
    );
    expect(snoozed).toEqual({
      status: 200,
      body: { data: { action: 'snooze', todo: { id: todo.id } } },
    });
    expect((await http(server.url, 'POST', actionPath(payload.actions.snooze))).status).toBe(410);
    expect((await http(server.url, 'POST', actionPath(payload.actions.complete))).status).toBe(410);
    const after = await http<{ data: TodoEntity }>(server.url, 'GET', `/api/todos/${todo.id}`, {
      token: ann.jwt,
    });
    const remindAt = Date.parse(after.body.data.attributes.remindAt!);
    expect(remindAt - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(after.body.data.attributes.completed).toBe(false);
  });

  it('completes the todo from the notification once, and sends no push to a user who chose mail only', async () => {
    const bob = await register();
    const phone = newDevice(`${push.origin}/bob/phone`);
    await subscribe(bob, phone);
    const todo = await remindSoon(bob, 'Pay rent');
    const [message] = await waitFor(() =>
      messagesTo(phone).length > 0 ? messagesTo(phone) : undefined,
    );
    const payload = decrypt(message!, phone) as ReminderPushPayload;
    const complete = new URL(payload.actions.complete).pathname;
    expect((await http(server.url, 'POST', complete)).status).toBe(200);
    expect((await http(server.url, 'POST', complete)).status).toBe(410);
    const done = await http<{ data: TodoEntity }>(server.url, 'GET', `/api/todos/${todo.id}`, {
      token: bob.jwt,
    });
    expect(done.body.data.attributes.completed).toBe(true);

    const chosen = await http(server.url, 'PUT', '/api/reminders/delivery', {
      token: bob.jwt,
      body: { data: { delivery: 'mail' } },
    });
    expect(chosen).toEqual({ status: 200, body: { data: { delivery: 'mail' } } });
    const quiet = await remindSoon(bob, 'Call mum');
    const database = new Database(path.join(dataDir, 'ticklist.db'), { readonly: true });
    try {
      const remindedAt = database.prepare('select reminded_at from todos where id = ?');
      await waitFor(() =>
        (remindedAt.get(quiet.id) as { reminded_at: string | null }).reminded_at ? true : undefined,
      );
    } finally {
      database.close();
    }
    await sleep(1000); // a push would have left with the claim
    expect(messagesTo(phone)).toHaveLength(1);
    expect(server.output()).not.toMatch(/push message not delivered/);
  });
});
