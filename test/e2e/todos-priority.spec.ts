/**
 * Priority (issue 41, item 3) in Chromium against the built server: todos added with a priority
 * from the dialog, their flags and accessible names, Sort by Priority descending (high first), the
 * Priority filter in the URL, an edit of the priority; on a phone the flags fit the row without a
 * sideways scroll or overlap. Screenshots of a list with flags, light and dark, at both sizes.
 */
import { expect, test } from './support/fixtures';
import type { Locator, Page } from '@playwright/test';
import { animationsDone, screenshot } from './support/browser';
import { expectRows, numbered, seedTodos } from './support/todos-page';

const rowNamed = (page: Page, title: string) =>
  page
    .getByTestId('todo-row')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A row's flag: an image named "High priority" (etc.); none for no priority. */
const flagOf = (row: Locator) => row.getByRole('img', { name: /priority$/ });
/** The flag with its visible level name. */
const flagLabelOf = (row: Locator) => row.getByTestId('todo-priority');

async function addTodo(page: Page, title: string, priority: string) {
  await page.getByRole('button', { name: 'Add todo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByLabel('Priority')).toHaveValue('0');
  await dialog.getByLabel('Priority').selectOption({ label: priority });
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/todos/'),
  );
  await dialog.getByRole('button', { name: 'Add' }).click();
  const { data } = (await posted).postDataJSON() as { data: Record<string, unknown> };
  await expect(dialog).toBeHidden();
  return data;
}

/** Light and dark screenshots of the page as it is. */
async function screenshots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('todos: priority', () => {
  test('adds todos with priorities, sorts high first, filters by High, edits a priority', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/todos`);
    await expect(page.getByText('No todos available')).toBeVisible();

    expect(await addTodo(page, 'Pay rent', 'High')).toMatchObject({ priority: 3 });
    // None is the default, which the server takes when nothing is sent.
    expect(await addTodo(page, 'Buy milk', 'None')).not.toHaveProperty('priority');
    expect(await addTodo(page, 'Water the plants', 'Low')).toMatchObject({ priority: 1 });
    expect(await addTodo(page, 'Call mum', 'Medium')).toMatchObject({ priority: 2 });
    await expectRows(page, numbered(1, ['Pay rent', 'Buy milk', 'Water the plants', 'Call mum']));

    await expect(flagOf(rowNamed(page, 'Pay rent'))).toHaveAccessibleName('High priority');
    await expect(flagOf(rowNamed(page, 'Call mum'))).toHaveAccessibleName('Medium priority');
    await expect(flagOf(rowNamed(page, 'Water the plants'))).toHaveAccessibleName('Low priority');
    await expect(flagOf(rowNamed(page, 'Buy milk'))).toHaveCount(0);
    await expect(
      flagLabelOf(rowNamed(page, 'Pay rent')).getByText('High', { exact: true }),
    ).toBeVisible();
    expect(
      await flagLabelOf(rowNamed(page, 'Pay rent')).evaluate(
        (flag) => getComputedStyle(flag).color,
      ),
    ).toBe('rgb(198, 40, 40)');

    // Sort by Priority, Descending: high first.
    await page.getByLabel('Sort by').selectOption({ label: 'Priority' });
    await page.getByLabel('Order').selectOption({ label: 'Descending' });
    await expectRows(page, numbered(1, ['Pay rent', 'Call mum', 'Water the plants', 'Buy milk']));
    await expect(page).toHaveURL(/\?sort=priority&order=desc$/);
    await screenshots(page, 'todos-priority-desktop');

    // The High filter, in the URL; a reload keeps it.
    await page.getByLabel('Priority').selectOption({ label: 'High' });
    await expectRows(page, numbered(1, ['Pay rent']));
    await expect(page).toHaveURL(/\?sort=priority&order=desc&priority=3$/);
    await page.reload();
    await expect(page.getByLabel('Priority')).toHaveValue('3');
    await expectRows(page, numbered(1, ['Pay rent']));

    // Edit the priority: the dialog shows the stored one; Medium takes the row out of High.
    await rowNamed(page, 'Pay rent').getByRole('button', { name: 'Edit Pay rent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit this todo' });
    await expect(dialog.getByLabel('Priority')).toHaveValue('3');
    await dialog.getByLabel('Priority').selectOption({ label: 'Medium' });
    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    expect((await put).postDataJSON()).toEqual({
      data: { title: 'Pay rent', description: '', priority: 2 },
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No todos match this view.')).toBeVisible();

    await page.getByLabel('Priority').selectOption({ label: 'All' });
    // Equal priorities: the newer first when descending.
    await expectRows(page, numbered(1, ['Call mum', 'Pay rent', 'Water the plants', 'Buy milk']));
    await expect(flagOf(rowNamed(page, 'Pay rent'))).toHaveAccessibleName('Medium priority');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  test(
    'on a phone the flags fit each row, overlap nothing, and the filter is in the panel',
    { tag: '@phone' },
    async ({ page, server, session }) => {
      await seedTodos(server.url, session, [
        { title: 'Renew the passport before the summer holidays', description: 'Photo booth' },
        { title: 'Buy milk' },
        { title: 'Water the plants on the balcony and in the kitchen' },
        { title: 'Call mum' },
      ]);
      // Priorities through the API (the seeding helper takes none).
      const ids = await page.request
        .get(`${server.url}/api/todos`, { headers: { authorization: `Bearer ${session.jwt}` } })
        .then(async (response) => ((await response.json()) as { data: { id: number }[] }).data);
      for (const [index, priority] of [3, 0, 1, 2].entries()) {
        const response = await page.request.put(`${server.url}/api/todos/${ids[index]!.id}`, {
          headers: { authorization: `Bearer ${session.jwt}` },
          data: { data: { priority } },
        });
        expect(response.status()).toBe(200);
      }
      await page.goto(`${server.url}/todos`);
      const passport = rowNamed(page, 'Renew the passport before the summer holidays');
      await expect(flagOf(passport)).toHaveAccessibleName('High priority');
      await expect(page.getByRole('img', { name: /priority$/ })).toHaveCount(3);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      // Each flag lies inside its row, and on none of the row's other parts.
      for (const row of await page.getByTestId('todo-row').all()) {
        const flag = flagLabelOf(row);
        if ((await flag.count()) === 0) continue;
        const box = (await flag.boundingBox())!;
        const rowBox = (await row.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(rowBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
        const others = row.locator('h2, [data-testid="todo-due"], .MuiChip-root, button, input');
        for (const other of await others.all()) {
          const o = await other.boundingBox();
          if (!o) continue;
          const overlaps =
            box.x < o.x + o.width &&
            o.x < box.x + box.width &&
            box.y < o.y + o.height &&
            o.y < box.y + box.height;
          expect(overlaps).toBe(false);
        }
      }
      await screenshots(page, 'todos-priority-phone');

      // The filter sits with the other selects behind "Filter and sort".
      await page.getByRole('button', { name: 'Filter and sort' }).click();
      await page.getByLabel('Priority').selectOption({ label: 'High' });
      await expectRows(page, numbered(1, ['Renew the passport before the summer holidays']));
      await expect(page).toHaveURL(/\?priority=3$/);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'todos-priority-phone-panel');

      // The edit dialog shows the stored priority.
      await passport.getByRole('button', { name: /^Edit / }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit this todo' });
      await expect(dialog.getByLabel('Priority')).toHaveValue('3');
      await animationsDone(page);
      await screenshot(page, 'todos-priority-phone-dialog');
    },
  );
});
