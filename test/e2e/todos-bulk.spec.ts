/** Bulk actions in Chromium against the built server: selection mode, select (by keyboard too), mark completed, delete (after asking) with one Undo, Move to… a project, Escape. */
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/browser';
import { createTodoList, registerUser } from './support/session';
import { expectRows, numbered, openTodos } from './support/todos-page';

test.describe('todos: bulk actions', () => {
  test('selects rows by keyboard, completes them in one call, deletes them with one Undo that restores them in one call, moves them to a project', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [
      { title: 'One' },
      { title: 'Two' },
      { title: 'Three' },
    ]);
    const project = await fetch(`${server.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
      body: JSON.stringify({ data: { name: 'Work' } }),
    });
    expect(project.status).toBe(200);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['One', 'Two', 'Three']));
    const bulkBodies: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/todos/bulk')
        bulkBodies.push(request.postDataJSON());
    });

    // Keyboard: "Select" starts selection mode; focus a row's selection box and press Space.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select One' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'Select Three' }).focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 selected', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select all 3' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await screenshotBoth(page, 'todos-bulk-selected');

    await bar.getByRole('button', { name: 'Mark completed' }).click();
    await expect(page.getByText('2 todos marked completed', { exact: true })).toBeVisible();
    await expect(
      page.getByTestId('todo-row').nth(2).getByText('Completed', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByTestId('todo-row').nth(1).getByText('Pending', { exact: true }),
    ).toHaveCount(1);

    // A bulk delete asks as the single delete does: Close keeps them, Delete deletes.
    await bar.getByRole('button', { name: 'Delete' }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete these todos' });
    await expect(confirm).toContainText('Are you sure you want to delete these 2 todos?');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(confirm).toBeHidden();
    await expect(bar.getByText('2 selected', { exact: true })).toBeVisible();
    await bar.getByRole('button', { name: 'Delete' }).click();
    confirm = page.getByRole('dialog', { name: 'Delete these todos' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const undo = page
      .getByRole('alert')
      .filter({ hasText: '2 todos moved to the trash' })
      .getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    await expectRows(page, numbered(1, ['Two']));
    await page.keyboard.press('Enter');
    await expect(page.getByText('2 todos restored', { exact: true })).toBeVisible();
    await expectRows(page, numbered(1, ['One', 'Two', 'Three']));

    // Move to…: a menu of the Inbox and the projects, by keyboard; both go to Work in one call.
    await page.getByRole('checkbox', { name: 'Select One' }).check();
    await page.getByRole('checkbox', { name: 'Select Two' }).check();
    await expect(bar.getByText('2 selected', { exact: true })).toBeVisible();
    await bar.getByRole('button', { name: 'Move to…' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Inbox', 'Work']);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Work' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('2 todos moved to Work', { exact: true })).toBeVisible();
    const drawer = page.getByRole('navigation', { name: 'Lists' });
    await drawer.getByRole('link', { name: 'Work 1 open' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Work' })).toBeVisible();
    await expectRows(page, numbered(1, ['One', 'Two']));
    expect(bulkBodies.map((body) => (body as { action: string }).action)).toEqual([
      'complete',
      'delete',
      'restore',
      'move',
    ]);
    await context.close();
  });

  test('Escape clears the selection, and so does a change of filter', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Alpha' }, { title: 'Beta' }]);
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Alpha', 'Beta']));
    const select = page.getByRole('button', { name: 'Select', exact: true });
    await select.click();
    const all = page.getByRole('checkbox', { name: 'Select all 2' });
    await all.check();
    await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('2 selected', { exact: true })).toBeHidden();
    await expect(all).toHaveCount(0); // and selection mode ends

    // Shift-click on a row enters selection mode with that row picked.
    await page.getByRole('heading', { name: 'Alpha' }).click({ modifiers: ['Shift'] });
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    await expect(page.getByText('1 selected', { exact: true })).toBeHidden();
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await expectRows(page, numbered(1, ['Alpha', 'Beta']));
    await expect(page.getByRole('checkbox', { name: 'Select Alpha' })).not.toBeChecked();
    await context.close();
  });
});
