/**
 * The profile's "App passwords" section in Chromium against the built app and server: create one
 * for a device, copy the password shown once, use it with HTTP Basic on /dav/ (a PROPFIND answers
 * 207), revoke it (after asking), and the device is refused from then on (401).
 */
import { expect, test } from './support/fixtures';
import { registerUser } from './support/session';
import { openTodos } from './support/todos-page';

const propfind = (url: string, username: string, password: string) =>
  fetch(url, {
    method: 'PROPFIND',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      depth: '0',
      'content-type': 'application/xml',
    },
    body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>',
  });

test('an app password made in the profile signs a CalDAV client in until it is revoked', async ({
  browser,
  server,
}) => {
  const session = await registerUser(server.url);
  const { page, context } = await openTodos(browser, server.url, session);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.goto(`${server.url}/profile`);
  const section = page.getByRole('region', { name: 'App passwords' });
  await expect(section.getByText('No app passwords yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Create app password' }).click();
  const ask = page.getByRole('dialog', { name: 'Create app password' });
  await ask.getByLabel('Name').fill('iPhone');
  await ask.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'App password for iPhone' });
  const password = await shown.getByLabel('Password', { exact: true }).inputValue();
  expect(password).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){7}$/);
  const url = await shown.getByLabel('CalDAV URL', { exact: true }).inputValue();
  expect(url).toBe(`${server.url}/dav/`);
  await shown.getByRole('button', { name: 'Copy password' }).click();
  await expect(page.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(section.getByRole('listitem')).toHaveText([/^iPhoneCreated .*Never usedRevoke$/]);

  const username = session.user.username;
  expect((await propfind(url, username, password)).status).toBe(207);
  expect((await propfind(url, username, 'Kiwi#Lamp42')).status).toBe(401);
  // The list tells when a device last used its password; on a 390 px phone it fits the window.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'App passwords' }).getByRole('listitem'),
  ).toHaveText([/^iPhoneCreated .*Last used .*Revoke$/]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const revoke = await page.getByRole('button', { name: 'Revoke iPhone' }).boundingBox();
  expect(revoke!.x + revoke!.width).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Revoke iPhone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this app password?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('App password revoked.')).toBeVisible();
  await expect(page.getByText('No app passwords yet.')).toBeVisible();
  expect((await propfind(url, username, password)).status).toBe(401);
  await context.close();
});
