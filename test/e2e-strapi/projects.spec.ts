/**
 * Projects in the SPA built for Strapi (VITE_API_FLAVOR=strapi) against compat/strapi: the drawer
 * lists them with their open counts (the recipe's /api/todos/counts), a project is made from the
 * drawer, todos go into it from the dialog and move out of the Inbox, and deleting it says its todos
 * move to the Inbox, where they are (Strapi has no trash).
 */
import type { Page } from '@playwright/test';
import { newCredentials, registerUser } from '../e2e/support/session';
import { openPage } from '../e2e/support/session-pages';
import { expect, skipWithoutStrapi, strapiApi, test } from './support/fixtures';

const drawerOf = (page: Page) => page.getByRole('navigation', { name: 'Lists' });

test.describe('projects on Strapi 4.25 (compat/strapi)', () => {
  skipWithoutStrapi();

  test('made in the drawer, counted, filled, and deleted into the Inbox', async ({
    browser,
    strapi,
  }) => {
    const session = await registerUser(strapi.apiUrl, newCredentials('strapiproj'));
    const api = strapiApi(strapi);
    await api('/todos', {
      jwt: session.jwt,
      method: 'POST',
      body: { data: { title: 'Pay the plumber' } },
    });
    const { context, page } = await openPage(browser, `${strapi.appUrl}/inbox`, { session });
    const drawer = drawerOf(page);
    await expect(drawer.getByRole('link', { name: 'Inbox 1 open' })).toBeVisible();

    await drawer.getByRole('button', { name: 'Add project' }).click();
    const create = page.getByRole('dialog', { name: 'Add project' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Garden');
    await create.getByRole('radio', { name: 'Green' }).check();
    await create.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();

    await page.getByRole('button', { name: 'Add todo' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Todo' });
    await add.getByRole('textbox', { name: 'Title' }).fill('Plant the tulips');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('heading', { name: 'Plant the tulips' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Garden 1 open' })).toBeVisible();

    await drawer.getByRole('link', { name: /^Inbox/ }).click();
    await page.getByRole('button', { name: 'Edit Pay the plumber' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit this todo' });
    await edit.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Garden' });
    await edit.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Pay the plumber' })).toBeHidden();
    await expect(drawer.getByRole('link', { name: 'Garden 2 open' })).toBeVisible();

    await drawer.getByRole('button', { name: 'More actions for Garden' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this project' });
    await expect(remove).toContainText('Its todos move to the Inbox.');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText('Project "Garden" deleted: its todos are in the Inbox'),
    ).toBeVisible();
    await drawer.getByRole('link', { name: /^Inbox/ }).click();
    await expect(page.getByRole('heading', { name: 'Pay the plumber' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plant the tulips' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Inbox 2 open' })).toBeVisible();
    await context.close();
  });
});
