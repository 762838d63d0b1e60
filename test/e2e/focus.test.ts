/**
 * Focus on arrival, in Chromium: on a wide screen the search box has the focus, yet the first key
 * pressed, when it is a shortcut ("n", "/", "?"), acts as one; Esc leaves a text field; a phone
 * gets no focus on arrival. After Add and Edit the focus is on a control, never on the body.
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, PHONE, stageForSuite } from './support/browser';
import { registerUser } from './support/session';
import {
  expectFocus,
  expectRows,
  hasFocus,
  numbered,
  openTodos,
  seedTodos,
} from './support/todos-page';

jest.setTimeout(90_000);

const noDialog = (page: Page) => page.getByRole('dialog').waitFor({ state: 'detached' });

describeInBrowser('focus: arrival, shortcuts and dialogs', () => {
  const stage = stageForSuite();

  it('at 1280×800: "n" first opens Add although the search box has the focus; then keys type', async () => {
    const session = await registerUser(stage.server.url);
    await seedTodos(stage.server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Water plants']));
    const search = page.getByPlaceholder('Search todos...');
    await expectFocus(search);

    await page.keyboard.press('n');
    const add = page.getByRole('dialog', { name: 'Add New Todo' });
    await add.waitFor();
    await page.keyboard.press('Escape');
    await noDialog(page);
    await expectFocus(search);
    expect(await search.inputValue()).toBe('');

    // The first key has been used: now the box types, "n" included.
    await page.keyboard.type('new');
    expect(await search.inputValue()).toBe('new');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Esc leaves the box (keeping the text); "?" then opens the help.
    await page.keyboard.press('Escape');
    expect(await hasFocus(search)).toBe(false);
    expect(await search.inputValue()).toBe('new');
    await page.keyboard.press('Shift+Slash');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await context.close();
  });

  it('after Add opened by a shortcut and after Edit, the focus is on a control, not the body', async () => {
    const session = await registerUser(stage.server.url);
    await seedTodos(stage.server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Water plants']));
    await page.keyboard.press('Escape'); // out of the search box: the body has the focus
    await page.keyboard.press('n');
    const add = page.getByRole('dialog', { name: 'Add New Todo' });
    await add.getByLabel('Title').fill('Call the bank');
    await page.keyboard.press('Enter');
    await noDialog(page);
    await expectRows(page, numbered(1, ['Water plants', 'Call the bank']));
    await expectFocus(page.getByRole('button', { name: 'Add todo' }));

    await page.getByRole('button', { name: 'Edit Water plants' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit this todo' });
    await edit.getByLabel('Title').fill('Water the plants');
    await page.keyboard.press('Enter');
    await noDialog(page);
    await expectFocus(page.getByRole('button', { name: 'Edit Water the plants' }));
    await context.close();
  });

  it('at 390×844 nothing has the focus on arrival (no keyboard pops up)', async () => {
    const session = await registerUser(stage.server.url);
    await seedTodos(stage.server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session, '', PHONE);
    await expectRows(page, numbered(1, ['Water plants']));
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await context.close();
  });
});
