/**
 * Reminders on the device, in Chromium against the built server and a push service of our own
 * (test/server/support/push-service.ts, trusted by the server through NODE_EXTRA_CA_CERTS). The
 * profile's "Notifications on this device" asks the permission on that click and subscribes; the
 * server pushes the due reminder to the push service, encrypted to the device's keys; the test
 * hands the decrypted message to the app's real service worker over the DevTools protocol
 * (ServiceWorker.deliverPushMessage), which shows the notification; its Complete, Snooze 1 hour and
 * open handlers run in the worker, and the API shows the result.
 *
 * Headless Chromium has no push service of its own (pushManager.subscribe needs Google's), so the
 * page's PushManager answers with a subscription whose endpoint is our push service and whose keys
 * the test holds: everything after that is the real server and the real worker.
 */
import type { CDPSession, Page, Worker } from '@playwright/test';
import type { ReminderPushPayload } from '../../src/shared/push-schemas';
import type { Session, TodoEntity } from '../../src/shared/api-types';
import {
  decrypt,
  newDevice,
  startPushService,
  type Device,
  type PushService,
} from '../server/support/push-service';
import { expect, test as base } from './support/fixtures';
import { chromiumLaunchOptions, FULL_CHROMIUM_PATH, screenshotBoth } from './support/browser';
import { workerContext, workerInControl } from './support/pwa';
import { toast } from './support/session-pages';

const test = base.extend<object, { push: PushService }>({
  push: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, use) => {
      const push = await startPushService();
      await use(push);
      await push.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ push }, use) =>
      use({
        NODE_EXTRA_CA_CERTS: push.caFile,
        PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
        REMINDER_CHECK_SECONDS: '1',
      }),
    { scope: 'worker' },
  ],
});

/** Makes the page's PushManager hand out `device`'s subscription (kept across reloads in sessionStorage). */
async function fakePushManager(page: Page, device: Device) {
  await page.addInitScript((subscription) => {
    const make = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => subscription,
      unsubscribe: async () => {
        sessionStorage.removeItem('fake-push');
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      sessionStorage.setItem('fake-push', '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (sessionStorage.getItem('fake-push') ? make() : null) as PushSubscription | null;
    };
  }, device.subscription);
}

async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return found;
}

// The headless shell the other specs use denies notifications whatever the context grants: this
// spec runs in the full Chromium.
test.use({ launchOptions: { ...chromiumLaunchOptions, executablePath: FULL_CHROMIUM_PATH } });

const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map(
        (a) => ({ action: a.action, title: a.title }),
      ),
    })),
  );

async function todoOf(baseUrl: string, session: Session, id: number) {
  const response = await fetch(`${baseUrl}/api/todos/${id}`, {
    headers: { authorization: `Bearer ${session.jwt}` },
  });
  return ((await response.json()) as { data: TodoEntity }).data.attributes;
}

test('a reminder reaches the device as a notification whose buttons work without the app', async ({
  browser,
  server,
  session,
  push,
}) => {
  const device = newDevice(`${push.origin}/device/${session.user.id}`);
  const { context, page } = await workerContext(browser, server.url, session, '/profile');
  await context.grantPermissions(['notifications'], { origin: server.url });
  await fakePushManager(page, device);
  await page.reload();
  await workerInControl(page);

  await page.getByRole('button', { name: 'Notifications on this device' }).click();
  await toast(page, 'Notifications are on for this device.');
  const devices = page.getByRole('list', { name: 'Devices that get reminders' });
  await expect(devices.getByText('Chrome on Linux (this device)')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Notifications are on for this device' }),
  ).toBeDisabled();
  await screenshotBoth(page, 'profile-notifications');

  // Two reminders a second or two ahead, created through the API as another device would.
  const remindAt = new Date(Date.now() + 1500).toISOString();
  const created: TodoEntity[] = [];
  for (const title of ['Water the plants', 'Pay rent']) {
    const response = await fetch(`${server.url}/api/todos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title, dueDate: remindAt.slice(0, 10), remindAt } }),
    });
    created.push(((await response.json()) as { data: TodoEntity }).data);
  }
  const mine = () =>
    push.messages.filter((message) => message.path === `/device/${session.user.id}`);
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(2);
  const payloads = mine().map((message) => decrypt(message, device) as ReminderPushPayload);

  const cdp = await context.newCDPSession(page);
  const registration = await registrationId(cdp);
  for (const payload of payloads)
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(server.url).origin,
      registrationId: registration,
      data: JSON.stringify(payload),
    });
  await expect.poll(() => notifications(page).then((shown) => shown.length)).toBe(2);
  const shown = await notifications(page);
  const plants = shown.find((n) => n.title === 'Water the plants')!;
  expect(plants.tag).toBe(`reminder-${created[0]!.id}`);
  expect(plants.body).toMatch(
    new RegExp(`^Due ${remindAt.slice(0, 10)} · Reminder at \\d{1,2}:\\d{2}`),
  );
  expect(plants.actions).toEqual([
    { action: 'complete', title: 'Complete' },
    { action: 'snooze', title: 'Snooze 1 hour' },
  ]);

  // The notification's buttons, as its notificationclick handler runs them in the worker.
  const worker: Worker = context.serviceWorkers()[0]!;
  const press = (tag: string, action: 'complete' | 'snooze' | 'open') =>
    worker.evaluate(
      async ([tag, action]) => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          ticklistReminderAction(n: Notification, a: string): Promise<void>;
          ticklistOpenReminder(n: Notification): Promise<void>;
        };
        const [notification] = await scope.registration.getNotifications({ tag });
        if (!notification) throw new Error(`no notification ${tag}`);
        await (action === 'open'
          ? scope.ticklistOpenReminder(notification)
          : scope.ticklistReminderAction(notification, action));
      },
      [tag, action] as const,
    );
  await press(`reminder-${created[0]!.id}`, 'complete');
  await expect
    .poll(async () => (await todoOf(server.url, session, created[0]!.id)).completed)
    .toBe(true);
  await press(`reminder-${created[1]!.id}`, 'snooze');
  await expect
    .poll(async () => Date.parse((await todoOf(server.url, session, created[1]!.id)).remindAt!))
    .toBeGreaterThan(Date.now() + 55 * 60_000);
  expect((await todoOf(server.url, session, created[1]!.id)).completed).toBe(false);

  // Pressed again from a stale notification: the URL has been used, and the worker says so.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(server.url).origin,
    registrationId: registration,
    data: JSON.stringify(payloads[0]),
  });
  await expect.poll(() => notifications(page).then((list) => list.length)).toBe(1);
  await press(`reminder-${created[0]!.id}`, 'complete');
  await expect
    .poll(() => notifications(page).then((list) => list[0]?.body))
    .toBe('This reminder was already handled, or has passed. Open Ticklist to see the todo.');

  // A click on the notification itself opens the list searched for the todo.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(server.url).origin,
    registrationId: registration,
    data: JSON.stringify(payloads[1]),
  });
  await expect
    .poll(() => notifications(page).then((list) => list.some((n) => n.title === 'Pay rent')))
    .toBe(true);
  await press(`reminder-${created[1]!.id}`, 'open');
  await expect(page).toHaveURL(`${server.url}/todos?search=Pay+rent`);
  await expect(page.getByPlaceholder('Search todos...')).toHaveValue('Pay rent');
  await context.close();
});
