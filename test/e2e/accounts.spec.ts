/**
 * The account screens in Chromium against the built app and server, with a real SMTP catcher:
 * forgot and reset password from the mail's link, confirmation by mail, change password, log out
 * of all devices, export and import, delete the account.
 */
import { expect, test as base } from './support/fixtures';
import { screenshotBoth } from './support/browser';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';
import { linkIn, startSmtpCatcher, type SmtpCatcher } from '../server/support/smtp-catcher';
import { newCredentials, registerUser } from './support/session';
import { expectHeading, openPage, pathOf, storedSession, toast } from './support/session-pages';

const RESET_LINK_SENT =
  'If an account uses that email, a link to reset its password is on its way. The link works for one hour.';
const NEW_PASSWORD = 'Plum#Harbor77';

/** Each worker's server sends its mail to a catcher of that worker's own. */
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
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});

/** The message under a field, as assistive technology finds it. */
async function fieldMessage(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await field.getAttribute('aria-describedby');
  return page.locator(`[id="${describedBy}"]`).textContent();
}

async function statusOf(baseUrl: string, jwt: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } }))
    .status;
}

async function logIn(baseUrl: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password }),
  });
  return response.status;
}

test.describe('accounts: recover, confirm, change, leave', () => {
  test('resets a forgotten password from the mailed link, and signs in with it', async ({
    browser,
    server,
    smtp,
  }) => {
    const credentials = newCredentials('reset');
    const old = await registerUser(server.url, credentials);
    await smtp.next(credentials.email); // the confirmation mail registration sends
    const { page, context } = await openPage(browser, `${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(`${server.url}/forgot-password`);
    await expectHeading(page, 'Forgot your password?');

    // An unknown email gets the same answer as a known one.
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(RESET_LINK_SENT)).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await screenshotBoth(page, 'forgot-password-sent');
    const link = linkIn(await smtp.next(credentials.email));
    expect(smtp.mails.some((mail) => mail.to === 'nobody-here@example.com')).toBe(false);
    expect(link).toMatch(new RegExp(`^${server.url}/reset-password\\?code=`));

    await page.goto(link);
    await expectHeading(page, 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill('Something#Else1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    expect(await fieldMessage(page, 'Confirm new password')).toBe('Passwords do not match');
    await page.getByLabel('New password', { exact: true }).fill('Password1!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Password1!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    expect(await fieldMessage(page, 'New password')).toBe('This password is too common');

    // The show/hide button shows what was typed.
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await screenshotBoth(page, 'reset-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Your password has been reset');
    await expect(page).toHaveURL(`${server.url}/todos`);
    expect(((await storedSession(page)) as Session).user.email).toBe(credentials.email);

    // The old token is refused; the new password signs in, the old one does not; the link is spent.
    expect(await statusOf(server.url, old.jwt)).toBe(401);
    expect(await logIn(server.url, credentials.email, NEW_PASSWORD)).toBe(200);
    expect(await logIn(server.url, credentials.email, credentials.password)).toBe(400);
    // Opened again, the spent link says so before any password is typed.
    await page.goto(link);
    await expectHeading(page, 'Choose a new password');
    await expect(
      page.getByText('This reset link has already been used or has expired. Ask for a new one.'),
    ).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(`${server.url}/forgot-password`);
    await context.close();
  });

  test('confirms the email from the profile, and changes the password', async ({
    browser,
    server,
    smtp,
  }) => {
    const credentials = newCredentials('confirm');
    const session = await registerUser(server.url, credentials);
    await smtp.next(credentials.email);
    const other = await signedInElsewhere(server.url, credentials.email, credentials.password);
    const { page, context } = await openPage(browser, `${server.url}/profile`, {
      session,
    });
    await expect(page.getByText('Not Confirmed', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Send confirmation email' }).click();
    await toast(page, `Confirmation email sent to ${credentials.email}`);
    await page.goto(linkIn(await smtp.next(credentials.email)));
    await expect(page).toHaveURL(`${server.url}/profile`); // the flag is dropped once said
    await toast(page, 'Email confirmed');
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send confirmation email' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByLabel('Calendar link', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password', { exact: true }).fill('Wrong#Guess99');
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    expect(await fieldMessage(page, 'Current password')).toBe(
      'The provided current password is invalid',
    );
    await screenshotBoth(page, 'change-password-refused');
    await dialog.getByLabel('Current password', { exact: true }).fill(credentials.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed. Other devices have been signed out.');
    await expect(dialog).toBeHidden();
    // The change removed the calendar link: the profile offers a new one, and stays signed in.
    await expect(page.getByRole('button', { name: 'Create link' })).toBeVisible();
    await expect(page.getByLabel('Calendar link', { exact: true })).toHaveCount(0);

    // This device keeps going with its new token; the other device's token is refused.
    const renewed = (await storedSession(page)) as Session;
    expect(renewed.jwt).not.toBe(session.jwt);
    expect(await statusOf(server.url, renewed.jwt)).toBe(200);
    expect(await statusOf(server.url, other.jwt)).toBe(401);
    await page.reload();
    await expectHeading(page, 'Profile');
    await context.close();
  });

  test('exports as JSON and CSV, and imports a file back', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openPage(browser, `${server.url}/profile`, {
      session,
    });
    const titles = ['Buy milk, eggs', 'Say "hi"', '=1+1'];
    for (const title of titles) await createTodo(server.url, session.jwt, title);

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^ticklist-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as {
      todos: { title: string }[];
    };
    expect(exported.todos.map((todo) => todo.title).sort()).toEqual([...titles].sort());
    await toast(page, 'Export downloaded');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csvText = fs.readFileSync((await csv.path())!, 'utf8');
    expect(csvText).toContain('"Buy milk, eggs"');
    expect(csvText).toMatch(/^\d+,'=1\+1,/m); // a formula is neutralised

    await page.getByLabel('Import file').setInputFiles({
      name: 'mine.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    await toast(page, 'Imported 3 todos');
    await page.getByLabel('Import file').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,description\n,no title\n'),
    });
    await expect(page.getByRole('alert').filter({ hasText: /row/i }).first()).toBeVisible();
    const total = await fetch(`${server.url}/api/todos`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    expect(
      ((await total.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total,
    ).toBe(6);
    await context.close();
  });

  test('logs out of all devices', async ({ browser, server }) => {
    const credentials = newCredentials('everywhere');
    const session = await registerUser(server.url, credentials);
    const other = await signedInElsewhere(server.url, credentials.email, credentials.password);
    const { page, context } = await openPage(browser, `${server.url}/profile`, {
      session,
    });
    await page.getByRole('button', { name: 'Log out of all devices' }).click();
    await toast(page, 'Logged out of all devices');
    await expect(page).toHaveURL(`${server.url}/login`);
    expect(await storedSession(page)).toBeNull();
    expect(await statusOf(server.url, session.jwt)).toBe(401);
    expect(await statusOf(server.url, other.jwt)).toBe(401);
    await context.close();
  });

  test('deletes the account after asking for the password', async ({ browser, server }) => {
    const credentials = newCredentials('leaver');
    const session = await registerUser(server.url, credentials);
    const { page, context } = await openPage(browser, `${server.url}/profile`, {
      session,
    });
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this account' });
    await expect(
      dialog.getByText(`Are you sure you want to delete this account (${credentials.email})?`),
    ).toBeVisible();
    await expect(dialog.getByText('all your todos and everything in your trash')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong#Guess99');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(await fieldMessage(page, 'Password')).toBe('The provided password is invalid');
    expect(await statusOf(server.url, session.jwt)).toBe(200);
    await screenshotBoth(page, 'delete-account');
    await dialog.getByLabel('Password', { exact: true }).fill(credentials.password);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Your account has been deleted');
    await expect(page).toHaveURL(`${server.url}/login`);
    expect(pathOf(page)).toBe('/login');
    expect(await logIn(server.url, credentials.email, credentials.password)).toBe(400);
    await context.close();
  });

  async function signedInElsewhere(
    baseUrl: string,
    email: string,
    password: string,
  ): Promise<Session> {
    const response = await fetch(`${baseUrl}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: email, password }),
    });
    return (await response.json()) as Session;
  }
});

async function createTodo(baseUrl: string, jwt: string, title: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/todos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ data: { title } }),
  });
  if (response.status !== 200) throw new Error(`create failed: ${response.status}`);
}
