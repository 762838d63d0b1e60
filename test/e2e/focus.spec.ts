/**
 * Focus on arrival, in Chromium: on a wide screen the search box has the focus, yet the first key
 * pressed, when it is a shortcut ("n", "/", "?"), acts as one; Esc leaves a text field; a phone
 * gets no focus on arrival. After Add and Edit the focus is on a control, never on the body.
 */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { PHONE } from './support/browser';
import { registerUser } from './support/session';
import { expectRows, hasFocus, numbered, openTodos, seedTodos } from './support/todos-page';

const noDialog = (page: Page) => expect(page.getByRole('dialog')).toBeHidden();

test.describe('focus: arrival, shortcuts and dialogs', () => {
  test('at 1280×800: "n" first opens Add although the search box has the focus; then keys type', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await seedTodos(server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Water plants']));
    const search = page.getByPlaceholder('Search todos...');
    await expect(search).toBeFocused();

    await page.keyboard.press('n');
    const add = page.getByRole('dialog', { name: 'Add New Todo' });
    await expect(add).toBeVisible();
    await page.keyboard.press('Escape');
    await noDialog(page);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');

    // The first key has been used: now the box types, "n" included.
    await page.keyboard.type('new');
    await expect(search).toHaveValue('new');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Esc leaves the box (keeping the text); "?" then opens the help.
    await page.keyboard.press('Escape');
    expect(await hasFocus(search)).toBe(false);
    await expect(search).toHaveValue('new');
    await page.keyboard.press('Shift+Slash');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await context.close();
  });

  test('after Add opened by a shortcut and after Edit, the focus is on a control, not the body', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await seedTodos(server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Water plants']));
    await page.keyboard.press('Escape'); // out of the search box: the body has the focus
    await page.keyboard.press('n');
    const add = page.getByRole('dialog', { name: 'Add New Todo' });
    await add.getByLabel('Title').fill('Call the bank');
    await page.keyboard.press('Enter');
    await noDialog(page);
    await expectRows(page, numbered(1, ['Water plants', 'Call the bank']));
    await expect(page.getByRole('button', { name: 'Add todo' })).toBeFocused();

    await page.getByRole('button', { name: 'Edit Water plants' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit this todo' });
    await edit.getByLabel('Title').fill('Water the plants');
    await page.keyboard.press('Enter');
    await noDialog(page);
    await expect(page.getByRole('button', { name: 'Edit Water the plants' })).toBeFocused();
    await context.close();
  });

  test('at 390×844 nothing has the focus on arrival (no keyboard pops up)', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await seedTodos(server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(browser, server.url, session, '', PHONE);
    await expectRows(page, numbered(1, ['Water plants']));
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await context.close();
  });
});
