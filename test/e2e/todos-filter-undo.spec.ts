/**
 * Beyond the spec, in Chromium against the built server: the status filter (All / Pending /
 * Completed, kept in the URL, back to page 1) and Undo on the delete toast.
 */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { PHONE, screenshotBoth } from './support/browser';
import { registerUser } from './support/session';
import { expectRows, numbered, openTodos, seedTodos, undoToast } from './support/todos-page';

test.describe('todos: status filter and undo delete', () => {
  const visibleText = (page: Page, text: string) =>
    expect(page.getByText(text, { exact: true })).toBeVisible();
  const search = (page: Page) => new URL(page.url()).search;

  test('filters All / Pending / Completed, keeps the status in the URL and over a reload, and goes back to page 1', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    // Task 03, 06, 09 and 12 are completed; the other eight are pending.
    const seeds = Array.from({ length: 12 }, (_, index) => ({
      title: `Task ${String(index + 1).padStart(2, '0')}`,
      completed: (index + 1) % 3 === 0,
    }));
    await seedTodos(server.url, session, seeds);
    const titles = (done: boolean | undefined) =>
      seeds
        .filter((seed) => done === undefined || seed.completed === done)
        .map((seed) => seed.title);
    const { page, context } = await openTodos(browser, server.url, session, '?page=2&pageSize=5');
    await expectRows(page, numbered(6, titles(undefined).slice(5, 10)));

    const status = page.getByLabel('Status');
    await expect(status).toHaveValue('all');
    const listQuery = page.waitForRequest((request) =>
      request.url().includes('filters%5Bcompleted%5D%5B%24eq%5D=true'),
    );
    await status.selectOption({ label: 'Completed' });
    expect(new URL((await listQuery).url()).searchParams.get('pagination[page]')).toBe('1');
    await expectRows(page, numbered(1, titles(true)));
    expect(search(page)).toBe('?pageSize=5&status=completed');
    await visibleText(page, 'Showing 1 to 4 of 4 entries');
    await expect(page.getByTestId('todo-row').getByText('Completed', { exact: true })).toHaveCount(
      4,
    );
    await screenshotBoth(page, 'todos-filter-completed');

    await page.reload();
    await expectRows(page, numbered(1, titles(true)));
    await expect(page.getByLabel('Status')).toHaveValue('completed');

    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    await expectRows(page, numbered(1, titles(false).slice(0, 5)));
    expect(search(page)).toBe('?pageSize=5&status=pending');
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expectRows(page, numbered(6, titles(false).slice(5)));
    expect(search(page)).toBe('?page=2&pageSize=5&status=pending');

    // Ticking a todo in the Pending list takes it out of the list.
    await page.getByRole('checkbox', { name: 'Mark Task 11 as completed' }).click();
    await expectRows(page, numbered(6, ['Task 08', 'Task 10']));
    await screenshotBoth(page, 'todos-filter-pending-page2');

    // Back walks the history of views; All drops the status from the URL.
    await page.goBack();
    await expectRows(page, numbered(1, ['Task 01', 'Task 02', 'Task 04', 'Task 05', 'Task 07']));
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await expectRows(page, numbered(1, titles(undefined).slice(0, 5)));
    expect(search(page)).toBe('?pageSize=5');
    await context.close();
  });

  test(
    'says "No todos match this view." when the filter hides every todo, at phone width too',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const session = await registerUser(server.url);
      await seedTodos(server.url, session, [{ title: 'Still open' }]);
      const { page, context } = await openTodos(
        browser,
        server.url,
        session,
        '?status=completed',
        PHONE,
      );
      await visibleText(page, 'No todos match this view.');
      await expect(page.getByText('No todos available. Add your first todo!')).toHaveCount(0);
      await screenshotBoth(page, 'todos-filter-no-match');
      await context.close();
    },
  );

  test('an unknown status in a link falls back to All', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    await seedTodos(server.url, session, [
      { title: 'Open one' },
      { title: 'Done one', completed: true },
    ]);
    const { page, context } = await openTodos(browser, server.url, session, '?status=finished');
    await expectRows(page, numbered(1, ['Open one', 'Done one']));
    await expect(page.getByLabel('Status')).toHaveValue('all');
    await context.close();
  });

  test('deletes a todo and Undo restores it from the trash with its title, description and completion', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await seedTodos(server.url, session, [
      { title: 'Keep me' },
      { title: 'Call the plumber', description: 'About the kitchen sink', completed: true },
    ]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Keep me', 'Call the plumber']));
    // The page's clock, to be run ahead past the time a success toast stays.
    await page.clock.install();

    await page.getByRole('button', { name: 'Delete Call the plumber' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const { toast, undo } = undoToast(page, 'Todo Deleted successfully!');
    await expect(toast).toBeVisible();

    // Longer than the spec's 2000 ms success toast: this one stays for 6000 ms. (The page's time
    // also runs on by itself: nothing slow may come between the toast and this check.)
    await page.clock.runFor(2500);
    await expect(undo).toBeVisible();
    await undo.hover(); // the pointer on the toast pauses it while the slower steps run
    await expectRows(page, numbered(1, ['Keep me']));
    await screenshotBoth(page, 'todos-undo-toast');
    const posted = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        /^\/api\/todos\/\d+\/restore$/.test(new URL(request.url()).pathname),
    );
    await undo.click();
    await posted; // the same todo back from the trash, not a new one
    await visibleText(page, 'Todo restored!');
    await expectRows(page, numbered(1, ['Keep me', 'Call the plumber']));
    const restored = page.getByTestId('todo-row').nth(1);
    await expect(restored.getByText('Completed', { exact: true })).toBeVisible();
    await expect(restored.getByText('About the kitchen sink')).toBeVisible();
    await expect(
      restored.getByRole('checkbox', { name: 'Mark Call the plumber as completed' }),
    ).toBeChecked();
    await expect(toast).toBeHidden();

    // And it is on the server: a reload shows it.
    await page.reload();
    await expectRows(page, numbered(1, ['Keep me', 'Call the plumber']));
    await context.close();
  });

  test('the delete toast leaves after about 6 seconds when nobody presses Undo', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await seedTodos(server.url, session, [{ title: 'Gone for good' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Gone for good']));
    await page.getByRole('button', { name: 'Delete Gone for good' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const { toast } = undoToast(page, 'Todo Deleted successfully!');
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await page.mouse.move(0, 0); // the pointer over a toast would pause it
    await expect(toast).toBeHidden();
    expect(Date.now() - shownAt).toBeGreaterThan(5000);
    await visibleText(page, 'No todos available. Add your first todo!');
    await context.close();
  });

  test(
    'Undo by keyboard alone, at phone width: focus lands on Undo after the delete, then on the search box',
    { tag: '@phone' },
    async ({ browser, server }) => {
      const session = await registerUser(server.url);
      await seedTodos(server.url, session, [
        { title: 'Phone task', description: 'Small screen', completed: false },
      ]);
      const { page, context } = await openTodos(browser, server.url, session, '', PHONE);
      await expectRows(page, numbered(1, ['Phone task']));

      const deleteButton = page.getByRole('button', { name: 'Delete Phone task' });
      await deleteButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete this todo' });
      await expect(dialog).toBeVisible();
      const confirm = dialog.getByRole('button', { name: 'Delete' });
      for (
        let tabs = 0;
        tabs < 5 && !(await confirm.evaluate((element) => element === document.activeElement));
        tabs += 1
      ) {
        await page.keyboard.press('Tab');
      }
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Enter');
      const { undo } = undoToast(page, 'Todo Deleted successfully!');
      await expect(undo).toBeFocused();
      await screenshotBoth(page, 'todos-undo-focused');
      // "Todo restored!" lives 2 s of the page's time: the clock stops before it comes (ahead by
      // more than the call takes on a loaded machine), so a slow check cannot miss it.
      await page.clock.install();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
      await page.keyboard.press('Enter');
      await visibleText(page, 'Todo restored!');
      await page.clock.resume();
      await expectRows(page, numbered(1, ['Phone task']));
      await expect(page.getByPlaceholder('Search todos...')).toBeFocused();
      await context.close();
    },
  );
});
