/**
 * Snooze from the reminder mail, in Chromium against the built server and a real SMTP catcher: the
 * mail's "Snooze 10 minutes" link opens the app's page, which names the todo and what the link does
 * without doing it; the button does it once, and the same link opened again says it was used. The
 * page works signed out: the token alone is the permission.
 */
import type { Page } from '@playwright/test';
import type { TodoEntity } from '../../src/shared/api-types';
import { startSmtpCatcher, linkIn, type SmtpCatcher } from '../server/support/smtp-catcher';
import { DESKTOP, screenshotBoth } from './support/browser';
import { expect, test as base } from './support/fixtures';
import { newCredentials, registerUser } from './support/session';

const test = base.extend<object, { smtp: SmtpCatcher }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, use) => {
      const smtp = await startSmtpCatcher();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ smtp }, use) => use({ SMTP_URL: smtp.url, REMINDER_CHECK_SECONDS: '1' }),
    { scope: 'worker' },
  ],
});

const GONE =
  'This link was used already, or its reminder has passed. Open your todos to see where things stand.';

async function openSignedOut(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Reminder', level: 1 })).toBeVisible();
}

test('the reminder mail’s Snooze 10 minutes link works once, from a page that asks first', async ({
  browser,
  server,
  smtp,
}) => {
  const credentials = newCredentials('mailsnooze');
  const session = await registerUser(server.url, credentials);
  const confirmation = new URL(linkIn(await smtp.next(credentials.email)));
  expect((await fetch(confirmation, { redirect: 'manual' })).status).toBe(302);

  const remindAt = new Date(Date.now() + 1500).toISOString();
  const created = await fetch(`${server.url}/api/todos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'Book the flights', remindAt } }),
  });
  const todo = ((await created.json()) as { data: TodoEntity }).data;
  const mail = await smtp.next(credentials.email);
  expect(mail.subject).toBe('Reminder: Book the flights');
  const link = /^Snooze 10 minutes: (\S+)$/m.exec(mail.text)![1]!;
  expect(new URL(link).pathname).toBe('/reminder');

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openSignedOut(page, link.replace(new URL(link).origin, server.url));
  await expect(page.getByText('“Book the flights”')).toBeVisible();
  await screenshotBoth(page, 'reminder-action');
  const storedRemindAt = async () => {
    const response = await fetch(`${server.url}/api/todos/${todo.id}`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    return ((await response.json()) as { data: TodoEntity }).data.attributes.remindAt;
  };
  // Opening the page did nothing yet.
  expect(await storedRemindAt()).toBe(todo.attributes.remindAt);

  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Snooze 10 minutes' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Snoozed: the reminder comes again in 10 minutes.',
  );
  const later = Date.parse((await storedRemindAt())!) - clickedAt;
  expect(later).toBeGreaterThan(9 * 60_000);
  expect(later).toBeLessThan(11 * 60_000);

  await openSignedOut(page, link.replace(new URL(link).origin, server.url));
  await expect(page.getByText(GONE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Snooze 10 minutes' })).toHaveCount(0);
  await context.close();
});
