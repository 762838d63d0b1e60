/**
 * The todo list screen in Chromium against the built server: add, edit, complete and delete;
 * paging 23 todos at 5 and 10 per page; the debounced search; sorting by title both ways.
 */
import { expect, test } from './support/fixtures';
import type { Page, Request } from '@playwright/test';
import { DESKTOP, PHONE, screenshotBoth } from './support/browser';
import { createTodos, registerUser, signInContext } from './support/session';
import { expectRows, numbered, openTodos, rowSummaries } from './support/todos-page';

test.describe('todos: the list screen', () => {
  const visibleText = (page: Page, text: string) =>
    expect(page.getByText(text, { exact: true })).toBeVisible();

  test('adds, edits, completes and deletes a todo', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openTodos(browser, server.url, session);

    await visibleText(page, 'No todos available. Add your first todo!');
    expect(
      await page
        .getByPlaceholder('Search todos...')
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await screenshotBoth(page, 'todos-empty');

    // Add: the "+" button, a validation error first, then a todo with a description.
    const addButton = page.getByRole('button', { name: 'Add todo' });
    await addButton.click();
    const addDialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await expect(addDialog.getByText('Title is required')).toBeVisible();
    await expect(addDialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await screenshotBoth(page, 'todos-add-invalid');
    await addDialog.getByLabel('Title').fill('Buy milk');
    await addDialog.getByLabel('Description').fill('Two litres, semi-skimmed');
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/api/todos'),
    );
    await addDialog.getByRole('button', { name: 'Add' }).click();
    expect((await posted).postDataJSON()).toEqual({
      data: { title: 'Buy milk', description: 'Two litres, semi-skimmed', user: session.user.id },
    });
    await visibleText(page, 'Todo added successfully!');
    await expect(addDialog).toBeHidden();
    expect(await addButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectRows(page, ['1. Buy milk']);
    const row = page.getByTestId('todo-row').first();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await expect(row.getByText('Description:')).toBeVisible();
    // One line of dates as the spec writes them: long month, numeric day and year, 2-digit hour and minute.
    const date = String.raw`[A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d [AP]M`;
    await expect(
      row
        .getByTestId('todo-dates')
        .getByText(new RegExp(`^Created at: ${date} · Updated at: ${date}$`)),
    ).toBeVisible();
    await visibleText(page, 'Showing 1 to 1 of 1 entries');
    await screenshotBoth(page, 'todos-one-row');

    // Edit: prefilled, then renamed.
    await row.getByRole('button', { name: 'Edit Buy milk' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit this todo' });
    await expect(editDialog.getByLabel('Title')).toHaveValue('Buy milk');
    await expect(editDialog.getByLabel('Description')).toHaveValue('Two litres, semi-skimmed');
    await screenshotBoth(page, 'todos-edit-dialog');
    await editDialog.getByLabel('Title').fill('Buy oat milk');
    await editDialog.getByRole('button', { name: 'Edit' }).click();
    await visibleText(page, 'Todo updated successfully!');
    await expect(editDialog).toBeHidden();
    await expectRows(page, ['1. Buy oat milk']);

    // Complete: the checkbox, shown at once and kept after a reload.
    const checkbox = row.getByRole('checkbox', { name: 'Mark Buy oat milk as completed' });
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
    await expect(page.locator('ol[aria-busy]')).toBeHidden(); // the refetch after the edit is over
    await checkbox.click();
    await expect(row.getByText('Completed', { exact: true })).toBeVisible();
    await expect(checkbox).toBeChecked();
    expect((await saved).request().postDataJSON()).toEqual({ data: { completed: true } });
    await page.reload();
    await expectRows(page, ['1. Buy oat milk']);
    await expect(
      page.getByRole('checkbox', { name: 'Mark Buy oat milk as completed' }),
    ).toBeChecked();
    await expect(
      page.getByTestId('todo-row').first().getByText('Completed', { exact: true }),
    ).toBeVisible();
    await screenshotBoth(page, 'todos-completed');

    // Delete: confirmation, then the empty list again.
    await page.getByRole('button', { name: 'Delete Buy oat milk' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete this todo' });
    await expect(
      deleteDialog.getByText('Are you sure you want to delete this todo?'),
    ).toBeVisible();
    await screenshotBoth(page, 'todos-delete-dialog');
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await visibleText(page, 'Todo Deleted successfully!');
    await visibleText(page, 'No todos available. Add your first todo!');
    await context.close();
  });

  test('shows five skeleton rows while the list loads', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    await createTodos(server.url, session, ['Slow one']);
    const context = await browser.newContext({ viewport: DESKTOP });
    await signInContext(context, session);
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/todos\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/todos`);
    await expect(page.getByTestId('todo-skeleton').first()).toBeVisible();
    await expect(page.getByTestId('todo-skeleton')).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await screenshotBoth(page, 'todos-loading');
    release();
    await expectRows(page, ['1. Slow one']);
    await expect(page.getByTestId('todo-skeleton')).toHaveCount(0);
    await context.close();
  });

  test('pages 23 todos at 5 and at 10 per page, numbering across pages, and keeps the view in the URL', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const titles = Array.from(
      { length: 23 },
      (_, index) => `Item ${String(index + 1).padStart(2, '0')}`,
    );
    await createTodos(server.url, session, titles);
    const { page, context } = await openTodos(browser, server.url, session);

    await expectRows(page, numbered(1, titles.slice(0, 10)));
    await visibleText(page, 'Showing 1 to 10 of 23 entries');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await screenshotBoth(page, 'todos-page1-of-10');

    await nav.getByRole('button', { name: 'Next' }).click();
    await expectRows(page, numbered(11, titles.slice(10, 20)));
    await nav.getByRole('button', { name: 'Page 3' }).click();
    await expectRows(page, numbered(21, titles.slice(20)));
    await visibleText(page, 'Showing 21 to 23 of 23 entries');
    await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(new URL(page.url()).search).toBe('?page=3');

    // Five per page: back to page 1, five pages, at most three page buttons.
    await page.getByLabel('Items per page').selectOption('5');
    await expectRows(page, numbered(1, titles.slice(0, 5)));
    expect(new URL(page.url()).search).toBe('?pageSize=5');
    for (let pageNumber = 2; pageNumber <= 5; pageNumber += 1) {
      await nav.getByRole('button', { name: 'Next' }).click();
      await expectRows(
        page,
        numbered((pageNumber - 1) * 5 + 1, titles.slice((pageNumber - 1) * 5, pageNumber * 5)),
      );
      expect(await nav.getByRole('button', { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(3);
    }
    await visibleText(page, 'Showing 21 to 23 of 23 entries');
    await screenshotBoth(page, 'todos-page5-of-5');

    // Back and forward walk the history of views; a reload keeps the view.
    await page.goBack();
    await expectRows(page, numbered(16, titles.slice(15, 20)));
    await page.goForward();
    await expectRows(page, numbered(21, titles.slice(20)));
    await page.reload();
    await expectRows(page, numbered(21, titles.slice(20)));
    await expect(page.getByLabel('Items per page')).toHaveValue('5');

    // A shared link opens the same view, at phone width too.
    const shared = await openTodos(browser, server.url, session, '?page=2&pageSize=10', PHONE);
    await expectRows(shared.page, numbered(11, titles.slice(10, 20)));
    await shared.context.close();
    await context.close();
  });

  test('searches 500 ms after typing stops, with a single request', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    await createTodos(server.url, session, [
      'Walk the dog',
      'Water the plants',
      'Pay the rent',
      'Walk to work',
    ]);
    const { page, context } = await openTodos(browser, server.url, session, '?page=1');
    await expectRows(
      page,
      numbered(1, ['Walk the dog', 'Water the plants', 'Pay the rent', 'Walk to work']),
    );

    const searches: string[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/todos' && url.searchParams.has('filters[title][$contains]')) {
        searches.push(url.searchParams.get('filters[title][$contains]')!);
      }
    });
    const box = page.getByPlaceholder('Search todos...');
    // Both times are read on the page's own clock, so a slow machine cannot shorten the gap.
    await box.evaluate((input) =>
      input.addEventListener('input', (event) => {
        (window as unknown as { lastKeyAt: number }).lastKeyAt = event.timeStamp;
      }),
    );
    await box.pressSequentially('walk', { delay: 100 });
    await expectRows(page, numbered(1, ['Walk the dog', 'Walk to work']));
    expect(searches).toEqual(['walk']);
    const gap = await page.evaluate(() => {
      const search = performance
        .getEntriesByType('resource')
        .find((entry) => decodeURIComponent(entry.name).includes('filters[title][$contains]=walk'));
      return search!.startTime - (window as unknown as { lastKeyAt: number }).lastKeyAt;
    });
    expect(gap).toBeGreaterThanOrEqual(490); // 500 ms after the last key, less the clocks' rounding
    expect(new URL(page.url()).searchParams.get('search')).toBe('walk');
    await screenshotBoth(page, 'todos-search');

    await box.fill('nothing like this');
    await expect(page.getByText('No todos match your search', { exact: true })).toBeVisible();
    await context.close();
  });

  test('sorts by title both ways, and by creation date', async ({ browser, server }) => {
    const session = await registerUser(server.url);
    const created = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    await createTodos(server.url, session, created);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, created));

    await page.getByLabel('Sort by').selectOption({ label: 'Title' });
    await expectRows(page, numbered(1, ['Alpha', 'Bravo', 'charlie', 'delta', 'echo']));
    await page.getByLabel('Order').selectOption({ label: 'Descending' });
    await expectRows(page, numbered(1, ['echo', 'delta', 'charlie', 'Bravo', 'Alpha']));
    expect(new URL(page.url()).search).toBe('?sort=title&order=desc');
    await screenshotBoth(page, 'todos-sorted-title-desc');
    await page.getByLabel('Sort by').selectOption({ label: 'Creation Date' });
    await expectRows(page, numbered(1, [...created].reverse()));
    expect(await rowSummaries(page)).toHaveLength(5);
    await context.close();
  });
});
