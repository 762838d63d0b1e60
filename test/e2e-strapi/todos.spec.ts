/**
 * The SPA built with VITE_API_FLAVOR=strapi against a stock Strapi 4.25 project set up from
 * compat/strapi, in Chromium: register, login, profile, the todo flows, logout, a second user who
 * sees none of the first one's todos, and no user able to list or read other accounts.
 * The steps run in order and share one signed-in tab, as one person's session would.
 */
import { expect, skipWithoutStrapi, strapiApi, test } from './support/fixtures';
import type { BrowserContext, Page } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';
import { createTodos, newCredentials, registerUser } from '../e2e/support/session';
import {
  expectHeading,
  openPage,
  pathOf,
  storedSession,
  toast,
} from '../e2e/support/session-pages';
import { expectRows, numbered, undoToast } from '../e2e/support/todos-page';
import type { StrapiStage } from './support/strapi';

test.describe('the SPA on Strapi 4.25 (compat/strapi, VITE_API_FLAVOR=strapi)', () => {
  // The steps share one tab and one account: each needs the ones before it.
  test.describe.configure({ mode: 'serial' });
  skipWithoutStrapi();

  let stage: StrapiStage;
  let context: BrowserContext;
  let page: Page;
  const credentials = newCredentials('strapi');
  let session: Session;
  const consoleErrors: string[] = [];
  const apiCalls: string[] = [];

  test.beforeAll(async ({ browser, strapi }) => {
    stage = strapi;
    ({ context, page } = await openPage(browser, `${stage.appUrl}/register`));
    page.on(
      'console',
      (message) => message.type() === 'error' && consoleErrors.push(message.text()),
    );
    page.on(
      'request',
      (request) =>
        request.url().startsWith(stage.apiUrl) &&
        apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`),
    );
  });

  test.afterAll(async () => {
    await context?.close();
  });

  const api = (...args: Parameters<ReturnType<typeof strapiApi>>) => strapiApi(stage)(...args);
  const visibleText = (text: string) =>
    expect(page.getByText(text, { exact: true }).first()).toBeVisible();

  test('registers, logs in and shows the profile', async () => {
    await expectHeading(page, 'Register to get access!');
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Username', { exact: true }).fill(credentials.username);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Registration successful! Welcome aboard.');
    await expect(page).toHaveURL(`${stage.appUrl}/login`);
    await expectHeading(page, 'Login to get access!');

    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Login successful! Redirecting...');
    await expectHeading(page, `Welcome, ${credentials.username}!`);
    session = (await storedSession(page)) as Session;
    expect(session.user).toMatchObject({
      username: credentials.username,
      email: credentials.email,
      provider: 'local',
    });

    await page.getByRole('button', { name: credentials.username }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expectHeading(page, 'Profile');
    for (const text of [credentials.username, credentials.email, 'local', 'Active']) {
      await expect(page.getByRole('main').getByText(text, { exact: true })).toBeVisible();
    }
  });

  test('adds three todos, edits one and completes one, which a reload keeps', async () => {
    await page.goto(`${stage.appUrl}/todos`);
    await visibleText('No todos available. Add your first todo!');
    for (const title of ['Buy milk', 'Call the plumber', 'Water the plants']) {
      await page.getByRole('button', { name: 'Add todo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog).toBeHidden();
    }
    await expectRows(page, numbered(1, ['Buy milk', 'Call the plumber', 'Water the plants']));
    await visibleText('Showing 1 to 3 of 3 entries');

    await page.getByRole('button', { name: 'Edit Call the plumber' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit this todo' });
    await edit.getByLabel('Title').fill('Call the electrician');
    await edit.getByLabel('Description').fill('Before Friday');
    await edit.getByRole('button', { name: 'Edit' }).click();
    await toast(page, 'Todo updated successfully!');
    await expectRows(page, numbered(1, ['Buy milk', 'Call the electrician', 'Water the plants']));

    await expect(page.locator('ol[aria-busy]')).toBeHidden();
    await page.getByRole('checkbox', { name: 'Mark Buy milk as completed' }).click();
    await expect(
      page.getByTestId('todo-row').first().getByText('Completed', { exact: true }),
    ).toBeVisible();
    await page.reload();
    await expectRows(page, numbered(1, ['Buy milk', 'Call the electrician', 'Water the plants']));
    await expect(page.getByRole('checkbox', { name: 'Mark Buy milk as completed' })).toBeChecked();
    await expect(page.getByText('Before Friday')).toBeVisible();
  });

  test('searches titles ignoring case, and sorts by title', async () => {
    await page.getByPlaceholder('Search todos...').fill('WATER');
    await expectRows(page, numbered(1, ['Water the plants']));
    await page.getByPlaceholder('Search todos...').fill('');
    await expectRows(page, numbered(1, ['Buy milk', 'Call the electrician', 'Water the plants']));

    await page.getByLabel('Sort by').selectOption({ label: 'Title' });
    await page.getByLabel('Order').selectOption({ label: 'Descending' });
    await expectRows(page, numbered(1, ['Water the plants', 'Call the electrician', 'Buy milk']));
    await page.getByLabel('Sort by').selectOption({ label: 'Creation Date' });
    await page.getByLabel('Order').selectOption({ label: 'Ascending' });
    await expectRows(page, numbered(1, ['Buy milk', 'Call the electrician', 'Water the plants']));
  });

  test('pages at 5 per page and shows page 2', async () => {
    const more = ['Item 4', 'Item 5', 'Item 6', 'Item 7'];
    await createTodos(stage.apiUrl, session, more);
    await page.reload();
    const all = ['Buy milk', 'Call the electrician', 'Water the plants', ...more];
    await expectRows(page, numbered(1, all));
    await page.getByLabel('Items per page').selectOption('5');
    await expectRows(page, numbered(1, all.slice(0, 5)));
    await visibleText('Showing 1 to 5 of 7 entries');
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await expectRows(page, numbered(6, all.slice(5)));
    await visibleText('Showing 6 to 7 of 7 entries');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  });

  test('deletes a todo, and a reload shows the list without it', async () => {
    await page.getByRole('button', { name: 'Delete Item 7' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(undoToast(page, 'Todo Deleted successfully!').toast).toBeVisible();
    await expectRows(page, numbered(6, ['Item 6']));
    await page.reload();
    await expectRows(page, numbered(6, ['Item 6']));
    await visibleText('Showing 6 to 6 of 6 entries');
  });

  test('logs out without calling Strapi (which has no logout route) and without a console error', async () => {
    apiCalls.length = 0;
    await page.getByRole('button', { name: credentials.username }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'Logout successful! Redirecting...');
    expect(await storedSession(page)).toBeNull();
    await expect(page).toHaveURL(`${stage.appUrl}/login`);
    expect(apiCalls.filter((call) => call.includes('/auth/'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The difference the README names: Strapi cannot revoke a token, it lives until it expires.
    expect((await api('/users/me', { jwt: session.jwt })).status).toBe(200);
  });

  test("shows a second user none of the first user's todos, and refuses them theirs", async ({
    browser,
  }) => {
    const other = await registerUser(stage.apiUrl, newCredentials('strapib'));
    const otherTab = await openPage(browser, `${stage.appUrl}/todos`, { session: other });
    await expect(
      otherTab.page.getByText('No todos available. Add your first todo!', { exact: true }),
    ).toBeVisible();
    expect(pathOf(otherTab.page)).toBe('/todos');
    await otherTab.context.close();

    const listed = (await (
      await api('/todos?pagination[pageSize]=100', { jwt: other.jwt })
    ).json()) as { data: unknown[] };
    expect(listed.data).toEqual([]);
    const mine = (await (await api('/todos', { jwt: session.jwt })).json()) as {
      data: { id: number }[];
    };
    const id = mine.data[0]!.id;
    expect((await api(`/todos/${id}`, { jwt: other.jwt })).status).toBe(403);
    expect(
      (
        await api(`/todos/${id}`, {
          jwt: other.jwt,
          method: 'PUT',
          body: { data: { title: 'Mine' } },
        })
      ).status,
    ).toBe(403);
    expect((await api(`/todos/${id}`, { jwt: other.jwt, method: 'DELETE' })).status).toBe(403);
    expect((await api('/todos/999999', { jwt: other.jwt })).status).toBe(404);
    // Naming the first user as owner, or filtering on owners, gets nothing of theirs.
    const posted = await api('/todos', {
      jwt: other.jwt,
      method: 'POST',
      body: { data: { title: 'x', user: session.user.id } },
    });
    expect(posted.status).toBe(403);
    expect(
      (await api(`/todos?filters[user][id][$eq]=${session.user.id}`, { jwt: other.jwt })).status,
    ).toBe(400);
    expect((await api('/todos', { jwt: session.jwt })).status).toBe(200);
    expect(
      ((await (await api('/todos', { jwt: session.jwt })).json()) as { data: unknown[] }).data,
    ).toHaveLength(mine.data.length);
  });

  test('lets no user list or read other accounts', async () => {
    const other = await registerUser(stage.apiUrl, newCredentials('strapic'));
    expect((await api('/users', { jwt: session.jwt })).status).toBe(403);
    expect((await api(`/users/${other.user.id}`, { jwt: session.jwt })).status).toBe(403);
    expect((await api('/users/count', { jwt: session.jwt })).status).toBe(403);
    expect((await api('/users')).status).toBe(403);
    const me = (await (await api('/users/me', { jwt: session.jwt })).json()) as {
      email: string;
      password?: string;
    };
    expect(me.email).toBe(credentials.email);
    expect(me.password).toBeUndefined();
  });
});
