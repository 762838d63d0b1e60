/**
 * Density and the phone, in Chromium: a row's dates sit beside its title, a description is clamped; at 390×844 the controls take one row, Generate Todos sits in the filter and sort menu,
 * long titles wrap without a horizontal scroll, user text is dir="auto", and the delete dialog
 * names the todo. Gallery screenshots of the list in light and dark at both sizes.
 */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { registerUser, signInContext } from './support/session';
import { expectRows, numbered, openTodos, seedTodos } from './support/todos-page';

test.describe('todos: density and the phone', () => {
  const box = async (page: Page, locator: ReturnType<Page['locator']>) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error(`${locator.toString()} has no box`);
    return found;
  };

  test('each row\'s dates fit beside its title and a description is clamped with "more"; ten fit on one 1280×800 screen', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const long = 'A description long enough to need more than two lines on a phone. '.repeat(6);
    await seedTodos(server.url, session, [
      { title: 'With a long description', description: long },
      ...Array.from({ length: 9 }, (_, index) => ({
        title: `Task ${index + 2}`,
        description: index % 2 ? 'Short note' : undefined,
      })),
    ]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(
      page,
      numbered(1, [
        'With a long description',
        ...Array.from({ length: 9 }, (_, index) => `Task ${index + 2}`),
      ]),
    );
    // Half of them with a description, one of those clamped: the tenth row still ends on screen.
    const tenth = await box(page, page.getByTestId('todo-row').nth(9));
    expect(tenth.y + tenth.height).toBeLessThanOrEqual(DESKTOP.height);
    // The two dates, one above the other, are no taller than the title's line.
    const dates = await box(page, page.getByTestId('todo-dates').first());
    const title = await box(page, page.getByRole('heading', { name: 'With a long description' }));
    expect(dates.height).toBeLessThanOrEqual(title.height + 6);
    expect(Math.abs(dates.y - title.y)).toBeLessThan(title.height);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `todos-dense-desktop-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.setViewportSize(PHONE);
    const first = page.getByTestId('todo-row').first();
    const more = first.getByRole('button', { name: 'more', exact: true });
    const clamped = (await box(page, first)).height;
    await more.click();
    await expect(first.getByRole('button', { name: 'less', exact: true })).toBeVisible();
    expect((await box(page, first)).height).toBeGreaterThan(clamped);
    await context.close();
  });

  test(
    'at 390×844: one row of controls, Generate Todos in the menu, long titles wrap, dir="auto", the delete dialog names the todo',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const session = await registerUser(server.url);
      const unbroken = `Supercalifragilistic${'x'.repeat(120)}`;
      await seedTodos(server.url, session, [
        { title: 'Buy milk' },
        { title: unbroken },
        { title: 'שלום עולם' },
      ]);
      const { page, context } = await openTodos(browser, server.url, session, '', PHONE);
      await expectRows(page, numbered(1, ['Buy milk', unbroken, 'שלום עולם']));

      const search = await box(page, page.getByPlaceholder('Search todos...'));
      const menuButton = page.getByRole('button', { name: 'Filter and sort' });
      const menu = await box(page, menuButton);
      expect(Math.abs(search.y + search.height / 2 - (menu.y + menu.height / 2))).toBeLessThan(8);
      await expect(page.getByRole('button', { name: 'Generate Todos' })).toBeHidden();
      await expect(page.getByLabel('Status')).toBeHidden();

      const scroll = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(scroll).toBeLessThanOrEqual(0);
      await expect(page.getByTestId('todo-row').locator('h2').first()).toHaveAttribute(
        'dir',
        'auto',
      );
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await screenshot(page, `todos-dense-phone-${scheme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await menuButton.click();
      await expect(page.getByRole('button', { name: 'Generate Todos' })).toBeVisible();
      await page.getByLabel('Status').selectOption({ label: 'Pending' });
      await expect(page).toHaveURL(/status=pending/);
      await screenshot(page, 'todos-phone-menu-open');

      await page.getByRole('button', { name: 'Delete Buy milk' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this todo' });
      await expect(dialog.getByText('Delete "Buy milk"?')).toBeVisible();
      await context.close();
    },
  );

  test(
    'on a touch screen, a row held half a second enters selection mode with that row selected; a short tap does not',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const session = await registerUser(server.url);
      await seedTodos(server.url, session, [{ title: 'Buy milk' }, { title: 'Walk the dog' }]);
      const context = await browser.newContext({
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
        timezoneId: 'UTC',
        locale: 'en-US',
      });
      await signInContext(context, session);
      const page = await context.newPage();
      // The hold's half second runs on the page's clock, moved on by the test.
      await page.clock.install();
      await page.goto(`${server.url}/todos`);
      await expectRows(page, numbered(1, ['Buy milk', 'Walk the dog']));
      const cdp = await context.newCDPSession(page);
      const title = page.getByTestId('todo-row').filter({ hasText: 'Walk the dog' }).locator('h2');
      const at = await box(page, title);
      const point = { x: at.x + at.width / 2, y: at.y + at.height / 2 };
      const touch = (type: 'touchStart' | 'touchEnd', points = [point]) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });

      await touch('touchStart');
      await page.clock.runFor(200);
      await touch('touchEnd', []);
      await page.clock.runFor(600);
      await expect(page.getByText(/\d+ selected/)).toHaveCount(0);

      await touch('touchStart');
      await page.clock.runFor(600);
      await touch('touchEnd', []);
      await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Select Walk the dog' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Select Buy milk' })).not.toBeChecked();
      await context.close();
    },
  );
});
