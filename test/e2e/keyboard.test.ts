/**
 * The keyboard alone, in Chromium against the built server: "n" opens Add, Enter submits, "/"
 * goes to the search box, "?" opens the shortcuts help on any page, Esc closes dialogs, and focus
 * returns to what opened them; at the desktop and the phone width.
 */
import type { Locator, Page } from 'playwright-core';
import { describeInBrowser, DESKTOP, PHONE, screenshot, stageForSuite } from './support/browser';
import { registerUser } from './support/session';
import { openPage } from './support/session-pages';
import {
  expectFocus,
  expectRows,
  hasFocus,
  numbered,
  openTodos,
  screenshotBoth,
  seedTodos,
} from './support/todos-page';

jest.setTimeout(90_000);

describeInBrowser('keyboard: shortcuts, dialogs and focus', () => {
  const stage = stageForSuite();

  const visibleText = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
  const noDialog = (page: Page) => page.getByRole('dialog').waitFor({ state: 'detached' });
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
    await expectFocus(target, 100);
  }

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: n opens Add, Enter adds, / goes to the search box, ? shows the help, Esc closes it`, async () => {
      const session = await registerUser(stage.server.url);
      const { page, context } = await openTodos(
        stage.browser,
        stage.server.url,
        session,
        '',
        viewport,
      );
      await visibleText(page, 'No todos available. Add your first todo!');
      const searchBox = page.getByPlaceholder('Search todos...');
      // A wide screen focuses the search box on arrival; a phone does not (see focus.test.ts).
      if (width === 'phone') await searchBox.click();
      await expectFocus(searchBox);

      // Once something is typed in the search box, letters are text, not shortcuts.
      await page.keyboard.type('bn?');
      // On a loaded machine the second key's render can trail the keystroke; a key taken as a
      // shortcut never arrives, so waiting a moment cannot hide that.
      for (let waited = 0; (await searchBox.inputValue()) !== 'bn?' && waited < 3000; waited += 100)
        await page.waitForTimeout(100);
      expect(await searchBox.inputValue()).toBe('bn?');
      expect(await page.getByRole('dialog').count()).toBe(0);
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
      await addDialog.waitFor();
      await expectFocus(addDialog.getByLabel('Title'));
      await page.keyboard.type('Typed without a mouse');
      await page.keyboard.press('Enter');
      await visibleText(page, 'Todo added successfully!');
      await noDialog(page);
      await expectRows(page, numbered(1, ['Typed without a mouse']));
      await expectFocus(generate);

      // "/" goes to the search box and is not typed into it.
      await page.keyboard.press('/');
      await expectFocus(searchBox);
      expect(await searchBox.inputValue()).toBe('');

      // "?" (Shift+/) opens the help; Esc closes it and focus goes back.
      await tabTo(page, generate, away);
      await page.keyboard.press('Shift+Slash');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      const terms = await help.getByRole('term').allTextContents();
      expect(terms).toEqual(['n', '/', '?', 'Esc', 'Esc', 'Enter', 'Esc']);
      await help.getByText('Close a dialog or a menu').waitFor();
      await settled(page);
      await screenshot(page, `keyboard-help-${width}`);
      // No shortcut while a dialog is open.
      await page.keyboard.press('n');
      expect(await page.getByRole('dialog', { name: 'Add New Todo' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await noDialog(page);
      await expectFocus(generate);

      // Ctrl+N and friends are the browser's, not ours.
      await page.keyboard.press('Alt+n');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await context.close();
    });
  }

  it('Esc closes Add without adding, and focus goes back to the "+" button; Edit by keyboard, Enter submits', async () => {
    const session = await registerUser(stage.server.url);
    await seedTodos(stage.server.url, session, [{ title: 'Rename me', description: 'Old words' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Rename me']));

    const fab = page.getByRole('button', { name: 'Add todo' });
    await tabTo(page, fab);
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await addDialog.waitFor();
    await page.keyboard.type('Never sent');
    await page.keyboard.press('Escape');
    await noDialog(page);
    await expectFocus(fab);
    await expectRows(page, numbered(1, ['Rename me']));

    const edit = page.getByRole('button', { name: 'Edit Rename me' });
    await tabTo(page, edit, 'Shift+Tab');
    await screenshotBoth(page, 'keyboard-focus-edit');
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: 'Edit this todo' });
    await editDialog.waitFor();
    await expectFocus(editDialog.getByLabel('Title'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Renamed by keyboard');
    await page.keyboard.press('Enter');
    await visibleText(page, 'Todo updated successfully!');
    await noDialog(page);
    await expectRows(page, numbered(1, ['Renamed by keyboard']));
    await expectFocus(page.getByRole('button', { name: 'Edit Renamed by keyboard' }));

    // Delete: Esc closes the confirmation, focus goes back to the row's Delete button.
    const remove = page.getByRole('button', { name: 'Delete Renamed by keyboard' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Delete this todo' }).waitFor();
    await page.keyboard.press('Escape');
    await noDialog(page);
    await expectFocus(remove);
    await expectRows(page, numbered(1, ['Renamed by keyboard']));
    await context.close();
  });

  it('"?" works on another page; "n" and "/" do nothing there', async () => {
    const session = await registerUser(stage.server.url);
    const { page, context } = await openPage(stage.browser, `${stage.server.url}/profile`, {
      session,
      viewport: PHONE,
    });
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.keyboard.press('n');
    await page.keyboard.press('/');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await settled(page);
    await screenshot(page, 'keyboard-help-profile-phone');
    await help.getByRole('button', { name: 'Close' }).press('Enter');
    await noDialog(page);
    await context.close();
  });
});
