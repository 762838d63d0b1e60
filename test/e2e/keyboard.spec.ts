/**
 * The keyboard alone, in Chromium against the built server: "n" opens Add, Enter submits, "/"
 * goes to the search box, "?" opens the shortcuts help on any page, Esc closes dialogs, and focus
 * returns to what opened them; at the desktop and the phone width.
 */
import { expect, test } from './support/fixtures';
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE, screenshot, screenshotBoth } from './support/browser';
import { registerUser } from './support/session';
import { openPage } from './support/session-pages';
import { expectRows, hasFocus, numbered, openTodos, seedTodos } from './support/todos-page';

test.describe('keyboard: shortcuts, dialogs and focus', () => {
  const visibleText = (page: Page, text: string) =>
    expect(page.getByText(text, { exact: true })).toBeVisible();
  const noDialog = (page: Page) => expect(page.getByRole('dialog')).toBeHidden();
  /** Waits for the dialog's fade-in to end, so a screenshot shows it as a person sees it. */
  const settled = (page: Page) =>
    page.waitForFunction(() => {
      const container = document.querySelector('[role="dialog"]')?.parentElement;
      return container ? getComputedStyle(container).opacity === '1' : false;
    });

  /** Tabs (forwards or backwards) until `target` has focus, as a keyboard user would. */
  async function tabTo(
    page: Page,
    target: Locator,
    key: 'Tab' | 'Shift+Tab' = 'Tab',
    most = 30,
  ): Promise<void> {
    for (let presses = 0; presses < most; presses += 1) {
      if (await hasFocus(target)) return;
      await page.keyboard.press(key);
    }
    await expect(target).toBeFocused();
  }

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(
      `${width}: n opens Add, Enter adds, / goes to the search box, ? shows the help, Esc closes it`,
      { tag: width === 'phone' ? '@phone' : [] },
      async ({ browser, server }) => {
        const session = await registerUser(server.url);
        const { page, context } = await openTodos(browser, server.url, session, '', viewport);
        await visibleText(page, 'No todos available. Add your first todo!');
        const searchBox = page.getByPlaceholder('Search todos...');
        // A wide screen focuses the search box on arrival; a phone does not (see focus.spec.ts).
        if (width === 'phone') await searchBox.click();
        await expect(searchBox).toBeFocused();

        // Once something is typed in the search box, letters are text, not shortcuts.
        await page.keyboard.type('bn?');
        // On a loaded machine the second key's render can trail the keystroke; a key taken as a
        // shortcut never arrives, so waiting for the value cannot hide that.
        await expect(searchBox).toHaveValue('bn?');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.keyboard.press('Control+a');
        await page.keyboard.press('Backspace');

        // Out of the search box (back to Generate Todos; on a phone on to the filter and sort menu), "n" opens Add with the title focused.
        const generate =
          width === 'phone'
            ? page.getByRole('button', { name: 'Filter and sort' })
            : page.getByRole('button', { name: 'Generate Todos' });
        const away = width === 'phone' ? 'Tab' : 'Shift+Tab';
        await tabTo(page, generate, away);
        await page.keyboard.press('n');
        const addDialog = page.getByRole('dialog', { name: 'Add New Todo' });
        await expect(addDialog).toBeVisible();
        await expect(addDialog.getByLabel('Title')).toBeFocused();
        await page.keyboard.type('Typed without a mouse');
        await page.keyboard.press('Enter');
        await visibleText(page, 'Todo added successfully!');
        await noDialog(page);
        await expectRows(page, numbered(1, ['Typed without a mouse']));
        await expect(generate).toBeFocused();

        // "/" goes to the search box and is not typed into it.
        await page.keyboard.press('/');
        await expect(searchBox).toBeFocused();
        await expect(searchBox).toHaveValue('');

        // "?" (Shift+/) opens the help; Esc closes it and focus goes back.
        await tabTo(page, generate, away);
        await page.keyboard.press('Shift+Slash');
        const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
        await expect(help).toBeVisible();
        const terms = await help.getByRole('term').allTextContents();
        expect(terms).toEqual(['n', 'q', '/', '?', 'Esc', 'Esc', 'Enter', 'Esc']);
        await expect(help.getByText('Close a dialog or a menu')).toBeVisible();
        await settled(page);
        await screenshot(page, `keyboard-help-${width}`);
        // No shortcut while a dialog is open.
        await page.keyboard.press('n');
        await expect(page.getByRole('dialog', { name: 'Add New Todo' })).toHaveCount(0);
        await page.keyboard.press('Escape');
        await noDialog(page);
        await expect(generate).toBeFocused();

        // Ctrl+N and friends are the browser's, not ours.
        await page.keyboard.press('Alt+n');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await context.close();
      },
    );
  }

  test('Esc closes Add without adding, and focus goes back to the "+" button; Edit by keyboard, Enter submits', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await seedTodos(server.url, session, [{ title: 'Rename me', description: 'Old words' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Rename me']));

    const fab = page.getByRole('button', { name: 'Add todo' });
    await tabTo(page, fab);
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await expect(addDialog).toBeVisible();
    await page.keyboard.type('Never sent');
    await page.keyboard.press('Escape');
    await noDialog(page);
    await expect(fab).toBeFocused();
    await expectRows(page, numbered(1, ['Rename me']));

    const edit = page.getByRole('button', { name: 'Edit Rename me' });
    await tabTo(page, edit, 'Shift+Tab');
    await screenshotBoth(page, 'keyboard-focus-edit');
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: 'Edit this todo' });
    await expect(editDialog).toBeVisible();
    await expect(editDialog.getByLabel('Title')).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Renamed by keyboard');
    await page.keyboard.press('Enter');
    await visibleText(page, 'Todo updated successfully!');
    await noDialog(page);
    await expectRows(page, numbered(1, ['Renamed by keyboard']));
    await expect(page.getByRole('button', { name: 'Edit Renamed by keyboard' })).toBeFocused();

    // Delete: Esc closes the confirmation, focus goes back to the row's Delete button.
    const remove = page.getByRole('button', { name: 'Delete Renamed by keyboard' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Delete this todo' })).toBeVisible();
    await page.keyboard.press('Escape');
    await noDialog(page);
    await expect(remove).toBeFocused();
    await expectRows(page, numbered(1, ['Renamed by keyboard']));
    await context.close();
  });

  test(
    '"?" works on another page; "n" and "/" do nothing there',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const session = await registerUser(server.url);
      const { page, context } = await openPage(browser, `${server.url}/profile`, {
        session,
        viewport: PHONE,
      });
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await page.keyboard.press('n');
      await page.keyboard.press('/');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.keyboard.press('Shift+Slash');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help).toBeVisible();
      await settled(page);
      await screenshot(page, 'keyboard-help-profile-phone');
      await help.getByRole('button', { name: 'Close' }).press('Enter');
      await noDialog(page);
      await context.close();
    },
  );
});
